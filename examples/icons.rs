//! Renders the icon's PNG sizes from `assets/aviary.svg` into
//! `assets/icons/hicolor/NxN/apps/aviary.png`. Run after changing the SVG:
//! `cargo run --example icons` (a test fails until the files match).

fn main() -> Result<(), String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icons/hicolor");
    for size in aviary::desktop::ICON_SIZES {
        let path = root.join(format!("{size}x{size}/apps/aviary.png"));
        std::fs::create_dir_all(path.parent().ok_or("no folder")?).map_err(|e| e.to_string())?;
        std::fs::write(&path, aviary::desktop::icon_png(size)?).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
