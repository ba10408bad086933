//! Aviary on the desktop (issue 15): one icon drawn from its SVG source for
//! the window, the package and the menu entry; the Settings button that adds
//! Aviary to the person's applications menu and removes exactly what it
//! added.
#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};

use aviary::app::AviaryApp;
use aviary::desktop::{self, MenuEntry, MenuTarget};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png).unwrap().to_rgba8();
    (image.width(), image.height(), image.into_raw())
}

#[test]
fn every_icon_size_is_the_svg_drawn_at_that_size_and_the_window_shows_the_same_picture() {
    for size in desktop::ICON_SIZES {
        let path = format!("{}/assets/icons/hicolor/{size}x{size}/apps/aviary.png", env!("CARGO_MANIFEST_DIR"));
        let file = std::fs::read(&path).unwrap();
        assert_eq!(desktop::icon_file(size), Some(file.as_slice()), "the app carries {path}");
        let (w, h, pixels) = decode_png(&file);
        assert_eq!((w, h), (size, size), "{path}");
        assert!(
            pixels == desktop::icon_rgba(size).unwrap(),
            "{path} is not assets/aviary.svg drawn at {size} px: run `cargo run --example icons`"
        );
    }
    // The picture is the feather on the disc: a blue corner-to-centre ring,
    // transparent corners, gold on the feather's vane.
    let (_, _, big) = decode_png(desktop::icon_file(256).unwrap());
    let at = |x: usize, y: usize| &big[(y * 256 + x) * 4..(y * 256 + x) * 4 + 4];
    assert_eq!(at(0, 0)[3], 0, "the corners are transparent");
    let sky = at(60, 128);
    assert!(sky[2] > sky[0] && sky[3] == 255, "blue disc: {sky:?}");
    let window = desktop::window_icon();
    assert_eq!((window.width, window.height), (128, 128));
    let (_, _, file128) = decode_png(desktop::icon_file(128).unwrap());
    assert!(window.rgba == file128, "the window icon is the 128 px file's picture");
}

/// Programs in awkward places, and their `Exec` values as the Desktop Entry
/// Specification spells them: quoted when anything but plain characters is
/// in them, `"`, `` ` ``, `$` and `\` escaped inside the quotes, `%`
/// doubled, then every backslash escaped again for the string value.
const AWKWARD: [(&str, &str); 3] = [
    ("/home/ada/aviary/target/release/aviary", "/home/ada/aviary/target/release/aviary"),
    ("/home/ada/My Games/Aviary 100%/aviary", "\"/home/ada/My Games/Aviary 100%%/aviary\""),
    (
        "/opt/a\"quote`tick$dollar\\backslash/aviary",
        "\"/opt/a\\\\\"quote\\\\`tick\\\\$dollar\\\\\\\\backslash/aviary\"",
    ),
];

#[test]
fn the_menu_entry_starts_the_program_wherever_it_lives() {
    for (program, exec) in AWKWARD {
        let entry = desktop::desktop_entry_for(Path::new(program)).unwrap();
        assert_eq!(entry.lines().filter(|l| l.starts_with("Exec=")).count(), 1);
        assert!(entry.lines().any(|l| l == format!("Exec={exec}")), "{program}: {entry}");
        assert_eq!(desktop::exec_program(exec), program, "read back as a launcher does");
        assert!(entry.contains("Icon=aviary") && entry.contains("Name=Aviary"), "{entry}");
    }
    // The package's entry starts `aviary` from the PATH.
    assert!(desktop::DESKTOP_ENTRY.lines().any(|l| l == "Exec=aviary"));
    // A program rebuilt while it runs is reported with " (deleted)".
    assert_eq!(
        desktop::running_program(Path::new("/home/ada/aviary/target/release/aviary (deleted)")),
        Path::new("/home/ada/aviary/target/release/aviary")
    );
}

#[test]
fn the_desktop_entries_pass_the_validator() {
    let Ok(out) = std::process::Command::new("desktop-file-validate").arg("--help").output() else {
        assert!(std::env::var_os("CI").is_none(), "CI installs desktop-file-utils (.ci/run)");
        eprintln!("desktop-file-validate is not installed: skipped");
        return;
    };
    assert!(out.status.success());
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![(dir.path().join("package/aviary.desktop"), desktop::DESKTOP_ENTRY.to_owned())];
    for (i, (program, _)) in AWKWARD.iter().enumerate() {
        files.push((
            dir.path().join(format!("user{i}/aviary.desktop")),
            desktop::desktop_entry_for(Path::new(program)).unwrap(),
        ));
    }
    for (file, text) in files {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, text).unwrap();
        let out = std::process::Command::new("desktop-file-validate").arg(&file).output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && said.trim().is_empty(), "{}: {said}", file.display());
    }
}

/// A program file at `path` (the entry must start something that is there).
fn program_at(path: &Path) -> PathBuf {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, "").unwrap();
    path.to_path_buf()
}

/// Every file and folder under `dir`.
fn tree(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(tree(&p));
            }
            out.push(p);
        }
    }
    out.sort();
    out
}

/// Every file (not folder) under `dir`.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    tree(dir).into_iter().filter(|p| !p.is_dir()).collect()
}

#[test]
fn adding_writes_the_entry_and_every_icon_and_removing_deletes_exactly_them() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("share");
    // Someone else's entry and icon in the same folders stay untouched.
    let other = [home.join("applications/other.desktop"), home.join("icons/hicolor/48x48/apps/other.png")];
    for f in &other {
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, "theirs").unwrap();
    }
    let program = &program_at(&dir.path().join("aviary/target/release/aviary"));
    let before = tree(&home);
    let written = desktop::add_to_menu(&home, program).unwrap();
    let mut expected = desktop::menu_files(&home);
    expected.extend(other.iter().cloned());
    expected.sort();
    assert_eq!(files_under(&home), expected);
    assert_eq!(written.len(), 2 + desktop::ICON_SIZES.len(), "entry, scalable icon and each size");
    assert!(written.iter().any(|f| f.ends_with("icons/hicolor/scalable/apps/aviary.svg")));
    assert_eq!(std::fs::read(home.join("icons/hicolor/scalable/apps/aviary.svg")).unwrap(), desktop::ICON_SVG);
    assert_eq!(
        std::fs::read(home.join("icons/hicolor/256x256/apps/aviary.png")).unwrap(),
        desktop::icon_file(256).unwrap()
    );
    assert_eq!(desktop::menu_entry(&home), MenuEntry::Present { exec: program.display().to_string() });
    let removed = desktop::remove_from_menu(&home).unwrap();
    assert_eq!(removed, written);
    let mut left = other.to_vec();
    left.sort();
    assert_eq!(files_under(&home), left, "only what Aviary wrote is gone");
    assert!(tree(&home).iter().all(|p| p.is_dir() || before.contains(p)), "{:?}", tree(&home));
    assert_eq!(desktop::menu_entry(&home), MenuEntry::Absent);
    assert_eq!(desktop::remove_from_menu(&home).unwrap(), Vec::<PathBuf>::new());
}

#[test]
fn a_data_folder_that_cannot_be_written_leaves_nothing_half_made() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("share");
    std::fs::create_dir_all(home.join("icons/hicolor")).unwrap();
    // The 64 px icon's folder is a file: the sixth write fails.
    std::fs::write(home.join("icons/hicolor/64x64"), "in the way").unwrap();
    let before = tree(&home);
    let program = program_at(&dir.path().join("bin/aviary"));
    let why = desktop::add_to_menu(&home, &program).unwrap_err();
    assert!(why.contains("64x64"), "{why}");
    assert_eq!(tree(&home), before, "the files and folders written before it are taken back");
    // A program that is no longer there is refused before anything is written.
    let why = desktop::add_to_menu(&home, &dir.path().join("gone/aviary")).unwrap_err();
    assert!(why.contains("is not there any more"), "{why}");
    assert_eq!(tree(&home), before);
}

/// The app on its Settings screen, adding menu entries under `home` that
/// start `program`.
fn settings_screen(dir: &Path, home: &Path, program: &Path) -> Harness<'static, AviaryApp> {
    settings_screen_with(
        dir,
        MenuTarget { data_home: Some(home.to_path_buf()), program: Some(program.to_path_buf()), system_entry: None },
    )
}

/// The app on its Settings screen with `menu`.
fn settings_screen_with(dir: &Path, menu: MenuTarget) -> Harness<'static, AviaryApp> {
    let mut app = AviaryApp::new(None, dir.join("saves"));
    app.menu = menu;
    let mut h = common::harness(app);
    h.run();
    h.get_by_label("Settings").click();
    h.run();
    h
}

fn labels(h: &Harness<'_, AviaryApp>) -> String {
    h.query_all(by())
        .filter_map(|n| {
            let a = n.accesskit_node();
            a.label().filter(|l| !l.is_empty()).or_else(|| a.value())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_settings_button_adds_aviary_to_the_menu_says_where_and_remove_takes_it_away() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("share");
    let program = program_at(&dir.path().join("checkout/target/release/aviary"));
    let mut h = settings_screen(dir.path(), &home, &program);
    assert!(labels(&h).contains("Aviary is not in your applications menu"), "{}", labels(&h));
    h.get_by_label("Add Aviary to the applications menu").click();
    h.run();
    let text = labels(&h);
    assert!(text.contains(&format!("wrote 8 files into {}", home.display())), "says where it wrote them: {text}");
    assert!(text.contains(&format!("the entry starts {}", program.display())), "{text}");
    let entry = std::fs::read_to_string(home.join("applications/aviary.desktop")).unwrap();
    assert!(entry.lines().any(|l| l == format!("Exec={}", program.display())), "{entry}");
    assert_eq!(files_under(&home), {
        let mut f = desktop::menu_files(&home);
        f.sort();
        f
    });
    // The list of files is there to open.
    h.get_by_label("The files").click();
    h.run();
    assert!(labels(&h).contains(&home.join("icons/hicolor/48x48/apps/aviary.png").display().to_string()));
    h.get_by_label("Remove Aviary from the applications menu").click();
    h.run();
    assert!(files_under(&home).is_empty(), "{:?}", files_under(&home));
    let text = labels(&h);
    assert!(text.contains(&format!("deleted 8 files from {}", home.display())), "{text}");
    assert!(text.contains("Aviary is not in your applications menu"), "{text}");
}

#[test]
fn an_entry_for_another_copy_can_be_pointed_at_this_one() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("share");
    let old = program_at(&dir.path().join("old checkout/aviary"));
    desktop::add_to_menu(&home, &old).unwrap();
    let program = program_at(&dir.path().join("new/aviary"));
    let mut h = settings_screen(dir.path(), &home, &program);
    let text = labels(&h);
    assert!(text.contains(&format!("that starts {}, not this copy", old.display())), "shown unquoted: {text}");
    h.get_by_label("Point the entry at this copy").click();
    h.run();
    assert_eq!(desktop::menu_entry(&home), MenuEntry::Present { exec: program.display().to_string() });
}

#[test]
fn a_failed_add_is_reported_and_leaves_the_folder_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("share");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::write(home.join("applications"), "not a folder").unwrap();
    let mut h = settings_screen(dir.path(), &home, &program_at(&dir.path().join("aviary")));
    h.get_by_label("Add Aviary to the applications menu").click();
    h.run();
    let toasts = h.state().toast_texts().join("\n");
    assert!(toasts.contains("Could not write") && toasts.contains("aviary.desktop"), "{toasts}");
    assert_eq!(tree(&home), [home.join("applications")]);
    assert_eq!(std::fs::read_to_string(home.join("applications")).unwrap(), "not a folder");
}

#[test]
fn a_checkout_s_program_keeps_its_games_in_the_checkout_however_it_is_started() {
    let dir = tempfile::tempdir().unwrap();
    let checkout = dir.path().join("aviary");
    let program = checkout.join("target/release/aviary");
    std::fs::create_dir_all(program.parent().unwrap()).unwrap();
    std::fs::create_dir_all(checkout.join("saves")).unwrap();
    // Without the checkout's own saves/README.md it is not Aviary's folder.
    assert_eq!(aviary::save::checkout_saves(&program), None);
    std::fs::write(checkout.join("saves/README.md"), "saves").unwrap();
    assert_eq!(aviary::save::checkout_saves(&program), Some(checkout.join("saves")));
    // The package's program, or one started from the menu in a home folder
    // that happens to hold a `saves` folder, uses the data folder.
    assert_eq!(aviary::save::checkout_saves(Path::new("/usr/bin/aviary")), None);
    let home = dir.path().join("home");
    std::fs::create_dir_all(home.join("saves")).unwrap();
    std::fs::write(home.join("saves/README.md"), "someone's notes").unwrap();
    assert_eq!(aviary::save::checkout_saves(&home.join("bin/aviary")), None);
}

#[test]
fn the_package_s_copy_says_it_is_in_the_menu_and_an_own_entry_can_still_be_removed() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("share");
    let system = dir.path().join("usr/share/applications/aviary.desktop");
    let packaged = MenuTarget {
        data_home: Some(home.clone()),
        program: Some(PathBuf::from("/usr/bin/aviary")),
        system_entry: Some(system.clone()),
    };
    let h = settings_screen_with(dir.path(), packaged.clone());
    assert!(labels(&h).contains("installed from its package"), "{}", labels(&h));
    assert!(h.query_by_label("Add Aviary to the applications menu").is_none());
    drop(h);
    // An entry of the person's own (from a checkout) hides the package's:
    // the package's copy says so and offers to remove it.
    let checkout = program_at(&dir.path().join("checkout/target/release/aviary"));
    desktop::add_to_menu(&home, &checkout).unwrap();
    let mut h = settings_screen_with(dir.path(), packaged);
    let text = labels(&h);
    assert!(text.contains("takes the place of the installed package's entry"), "{text}");
    h.get_by_label("Remove Aviary from the applications menu").click();
    h.run();
    assert_eq!(desktop::menu_entry(&home), MenuEntry::Absent);
    assert!(labels(&h).contains("installed from its package"), "{}", labels(&h));
    // From a checkout with the package installed, adding is offered with a
    // word on what it does to the package's entry.
    let h = settings_screen_with(
        dir.path(),
        MenuTarget { data_home: Some(home.clone()), program: Some(checkout), system_entry: Some(system) },
    );
    assert!(labels(&h).contains("An entry added here takes its place"), "{}", labels(&h));
    assert!(h.query_by_label("Add Aviary to the applications menu").is_some());
}
