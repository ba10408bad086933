//! The long run of the save fuzzer: `cargo run --release --example save_fuzz -- [FILES] [SEED]`
//! (default 1,000,000 files, seed 1). Prints how many files were accepted
//! and refused, the crashes (there must be none), the slowest file and the
//! peak memory of the process.
#![allow(clippy::unwrap_used)]

use std::time::Instant;

fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let files: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    // Crashes are caught and counted; keep the default hook from printing each.
    std::panic::set_hook(Box::new(|_| {}));
    let start = Instant::now();
    let mut last = Instant::now();
    let report = aviary::save_fuzz::run(files, seed, |_, _| {
        if last.elapsed().as_secs() >= 30 {
            last = Instant::now();
            eprintln!("… {:.0} s", start.elapsed().as_secs_f64());
        }
    });
    println!("files: {}", report.files);
    println!("accepted: {}", report.accepted);
    println!("refused with a message: {}", report.refused);
    println!("refused without a message: {}", report.silent);
    println!("crashes (panics caught): {}", report.crashes.len());
    for (text, why) in report.crashes.iter().take(5) {
        println!("--- crash: {why}\n{}", text.chars().take(600).collect::<String>());
    }
    println!("slowest file: {:.1} ms", report.slowest.0.as_secs_f64() * 1000.0);
    println!("total time: {:.1} s", start.elapsed().as_secs_f64());
    if let Some(kib) = peak_rss_kib() {
        println!("peak memory (VmHWM): {:.1} MiB", kib as f64 / 1024.0);
    }
    if !report.crashes.is_empty() || report.silent > 0 {
        std::process::exit(1);
    }
}
