//! Aviary's entry point: the window, or `aviary check FILE` headless.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("check") {
        let Some(file) = args.get(2) else {
            eprintln!("usage: aviary check FILE");
            return ExitCode::from(2);
        };
        return match aviary::cli::check(std::path::Path::new(file)) {
            Ok(report) => {
                println!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                println!("{file}: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Aviary")
            .with_app_id("aviary")
            .with_inner_size([1180.0, 820.0])
            .with_min_inner_size([800.0, 600.0])
            .with_icon(aviary::desktop::window_icon()),
        ..Default::default()
    };
    let saves = aviary::save::folder();
    let result = eframe::run_native(
        "Aviary",
        options,
        Box::new(move |_cc| {
            let mut app = aviary::app::AviaryApp::new(aviary::app::Settings::default_folder(), saves);
            // The table's sounds, through the sound server if there is one
            // (silence if not); everything else that makes an app (the
            // tests) stays silent.
            app.sound = aviary::sound::Speaker::new(aviary::sound::PulseSink::start());
            Ok(Box::new(app))
        }),
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Aviary could not open its window: {e}");
            ExitCode::FAILURE
        }
    }
}
