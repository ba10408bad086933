//! Aviary on the desktop: its icon and its applications-menu entry.
//!
//! The icon's source is `assets/aviary.svg`. The app draws it at run time
//! (resvg, through `egui_extras`) for the window icon; the PNG sizes in
//! `assets/icons/hicolor/` are rendered from the same file by
//! `cargo run --example icons` (a test keeps them in step). The Debian
//! package (`packaging/build-deb`) installs those files system-wide; the
//! Settings button "Add Aviary to the applications menu" writes the same
//! entry and icons into the person's data folder, pointing at the running
//! program.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The desktop entry's id (`aviary.desktop`) and the icon's name.
pub const APP: &str = "aviary";

/// The icon's source.
pub const ICON_SVG: &[u8] = include_bytes!("../assets/aviary.svg");

/// The desktop entry as installed by the package (`Exec=aviary`).
pub const DESKTOP_ENTRY: &str = include_str!("../assets/aviary.desktop");

/// The PNG sizes of the icon, each in the hicolor theme's `NxN/apps/`.
pub const ICON_SIZES: [u32; 6] = [16, 32, 48, 64, 128, 256];

/// The PNG files rendered from [`ICON_SVG`], by size.
const ICON_PNGS: [(u32, &[u8]); 6] = [
    (16, include_bytes!("../assets/icons/hicolor/16x16/apps/aviary.png")),
    (32, include_bytes!("../assets/icons/hicolor/32x32/apps/aviary.png")),
    (48, include_bytes!("../assets/icons/hicolor/48x48/apps/aviary.png")),
    (64, include_bytes!("../assets/icons/hicolor/64x64/apps/aviary.png")),
    (128, include_bytes!("../assets/icons/hicolor/128x128/apps/aviary.png")),
    (256, include_bytes!("../assets/icons/hicolor/256x256/apps/aviary.png")),
];

/// The icon drawn from its SVG source at `size` × `size` pixels.
///
/// # Errors
/// The SVG could not be read (only if the built-in file were broken).
#[allow(clippy::default_trait_access, reason = "egui_extras does not re-export resvg's Options type")]
pub fn icon(size: u32) -> Result<egui::ColorImage, String> {
    let hint = egui::SizeHint::Size { width: size, height: size, maintain_aspect_ratio: true };
    egui_extras::image::load_svg_bytes_with_size(ICON_SVG, hint, &Default::default())
}

/// The icon at `size` as straight (not premultiplied) RGBA bytes.
///
/// # Errors
/// As [`icon`].
pub fn icon_rgba(size: u32) -> Result<Vec<u8>, String> {
    let image = icon(size)?;
    Ok(image.pixels.iter().flat_map(egui::Color32::to_srgba_unmultiplied).collect())
}

/// The icon at `size` encoded as a PNG file.
///
/// # Errors
/// As [`icon`], or the encoder's complaint.
pub fn icon_png(size: u32) -> Result<Vec<u8>, String> {
    let rgba = icon_rgba(size)?;
    let image = image::RgbaImage::from_raw(size, size, rgba).ok_or("the icon has the wrong number of pixels")?;
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}

/// The window icon. A broken built-in icon gives an empty one (the window
/// still opens).
#[must_use]
pub fn window_icon() -> egui::IconData {
    const SIZE: u32 = 128;
    icon_rgba(SIZE)
        .map_or_else(|_| egui::IconData::default(), |rgba| egui::IconData { rgba, width: SIZE, height: SIZE })
}

/// The committed PNG of the icon at `size`, if that is one of [`ICON_SIZES`].
#[must_use]
pub fn icon_file(size: u32) -> Option<&'static [u8]> {
    ICON_PNGS.iter().find(|(s, _)| *s == size).map(|(_, bytes)| *bytes)
}

/// Where the applications menu looks for a person's own entries: the
/// freedesktop data folder (`$XDG_DATA_HOME`, else `~/.local/share`).
#[must_use]
pub fn user_data_home() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|d| d.data_dir().to_path_buf())
}

/// The files an applications-menu entry consists of, under a data folder
/// (`~/.local/share`, or `/usr/share` for the package): the desktop entry,
/// the scalable icon and each PNG size.
#[must_use]
pub fn menu_files(data_home: &Path) -> Vec<PathBuf> {
    let icons = data_home.join("icons").join("hicolor");
    let mut files = vec![
        data_home.join("applications").join(format!("{APP}.desktop")),
        icons.join("scalable").join("apps").join(format!("{APP}.svg")),
    ];
    files.extend(ICON_SIZES.iter().map(|s| icons.join(format!("{s}x{s}")).join("apps").join(format!("{APP}.png"))));
    files
}

/// A command-line argument quoted for a desktop entry's `Exec` key, with
/// the general string escapes applied (the Desktop Entry Specification's
/// two rules, in the order a reader undoes them).
///
/// # Errors
/// The path is not valid UTF-8 (a desktop entry is UTF-8 text).
pub fn exec_argument(path: &Path) -> Result<String, String> {
    let text = path.to_str().ok_or_else(|| format!("{} is not a UTF-8 path", path.display()))?;
    let plain = text.chars().all(|c| c.is_ascii_alphanumeric() || "/._+-".contains(c));
    let quoted = if plain {
        text.to_owned()
    } else {
        let mut q = String::from("\"");
        for c in text.chars() {
            if matches!(c, '"' | '`' | '$' | '\\') {
                q.push('\\');
            }
            q.push(c);
        }
        q.push('"');
        q
    };
    Ok(escape_value(&quoted.replace('%', "%%")))
}

/// A string value with the desktop entry's general escapes.
fn escape_value(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// The package's desktop entry with `Exec` and `TryExec` pointing at
/// `program` (the person's copy).
///
/// # Errors
/// As [`exec_argument`].
pub fn desktop_entry_for(program: &Path) -> Result<String, String> {
    let exec = exec_argument(program)?;
    let try_exec = escape_value(program.to_str().unwrap_or_default());
    let mut out = String::new();
    for line in DESKTOP_ENTRY.lines() {
        if line.starts_with("Exec=") {
            let _ = writeln!(out, "TryExec={try_exec}");
            let _ = writeln!(out, "Exec={exec}");
        } else {
            let _ = writeln!(out, "{line}");
        }
    }
    Ok(out)
}

/// What a data folder holds of Aviary's menu entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuEntry {
    /// No entry.
    Absent,
    /// An entry that starts the program at this `Exec` value (as written).
    Present { exec: String },
}

/// Reads the menu entry under `data_home`.
#[must_use]
pub fn menu_entry(data_home: &Path) -> MenuEntry {
    let path = data_home.join("applications").join(format!("{APP}.desktop"));
    // Read like a save (a size cap, never a pipe that would wait).
    match crate::save::read(&path) {
        Ok(text) => MenuEntry::Present {
            exec: text.lines().find_map(|l| l.strip_prefix("Exec=")).unwrap_or_default().to_owned(),
        },
        Err(_) => MenuEntry::Absent,
    }
}

/// Writes the menu entry for `program` and the icons under `data_home`.
/// Every file is first written beside its place (`*.new`), then all are
/// renamed into place. Returns the files written.
///
/// # Errors
/// What went wrong, naming the file. When a file cannot be written, the
/// `*.new` files and the folders this call made are removed again, and the
/// files that were there before are untouched.
pub fn add_to_menu(data_home: &Path, program: &Path) -> Result<Vec<PathBuf>, String> {
    if !program.is_file() {
        return Err(format!(
            "{} is not there any more (was it rebuilt or moved?); start Aviary again",
            program.display()
        ));
    }
    let entry = desktop_entry_for(program)?;
    let files = menu_files(data_home);
    let mut contents: Vec<Vec<u8>> = vec![entry.into_bytes(), ICON_SVG.to_vec()];
    contents.extend(ICON_SIZES.iter().map(|&s| icon_file(s).unwrap_or_default().to_vec()));
    let mut made_dirs: Vec<PathBuf> = Vec::new();
    let mut temps: Vec<PathBuf> = Vec::new();
    let undo = |temps: &[PathBuf], made_dirs: &[PathBuf]| {
        for t in temps {
            let _ = std::fs::remove_file(t);
        }
        for d in made_dirs.iter().rev() {
            let _ = std::fs::remove_dir(d);
        }
    };
    for (path, bytes) in files.iter().zip(&contents) {
        let temp = beside(path);
        let staged = make_dirs(path.parent().unwrap_or(data_home), &mut made_dirs).and_then(|()| {
            temps.push(temp.clone());
            std::fs::write(&temp, bytes)
        });
        if let Err(e) = staged {
            undo(&temps, &made_dirs);
            return Err(format!("Could not write {}: {e}", path.display()));
        }
    }
    for (path, temp) in files.iter().zip(&temps) {
        if let Err(e) = std::fs::rename(temp, path) {
            undo(&temps, &[]);
            return Err(format!("Could not write {}: {e}", path.display()));
        }
    }
    Ok(files)
}

/// `path` with `.new` added: where its new content is written first.
fn beside(path: &Path) -> PathBuf {
    let mut temp = path.as_os_str().to_owned();
    temp.push(".new");
    PathBuf::from(temp)
}

/// Creates `dir` and its missing parents, noting each one made (outermost
/// first).
fn make_dirs(dir: &Path, made: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let missing: Vec<&Path> = dir.ancestors().take_while(|d| !d.exists()).collect();
    for d in missing.into_iter().rev() {
        std::fs::create_dir(d)?;
        made.push(d.to_path_buf());
    }
    Ok(())
}

/// Removes the menu entry and the icons under `data_home`: exactly the
/// files [`add_to_menu`] writes, those that are there. Returns them.
///
/// # Errors
/// A file that could not be removed, naming it (the others are removed).
pub fn remove_from_menu(data_home: &Path) -> Result<Vec<PathBuf>, String> {
    let mut removed = Vec::new();
    let mut problems = Vec::new();
    for path in menu_files(data_home) {
        match std::fs::remove_file(&path) {
            Ok(()) => removed.push(path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => problems.push(format!("{}: {e}", path.display())),
        }
    }
    if problems.is_empty() { Ok(removed) } else { Err(format!("Could not remove {}", problems.join("; "))) }
}

/// Where the Settings button writes the menu entry, and the program the
/// entry starts: the person's data folder and the running program, unless
/// a test says otherwise.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MenuTarget {
    /// The data folder (`~/.local/share`); none when there is no home.
    pub data_home: Option<PathBuf>,
    /// The program the entry starts; none if the system cannot tell.
    pub program: Option<PathBuf>,
    /// The installed package's own entry, if any (an entry in the data
    /// folder takes its place in the menu).
    pub system_entry: Option<PathBuf>,
}

impl MenuTarget {
    /// The person's data folder and this running program.
    #[must_use]
    pub fn this_program() -> Self {
        Self {
            data_home: user_data_home(),
            program: std::env::current_exe().ok().map(|p| running_program(&p)),
            system_entry: system_entry(),
        }
    }

    /// True when this program is the package's (`/usr/bin/aviary`), which
    /// put an entry in the system's menu.
    #[must_use]
    pub fn packaged(&self) -> bool {
        self.program.as_deref() == Some(Path::new("/usr/bin/aviary"))
    }
}

/// The system's own menu entry (the package's), if installed.
#[must_use]
pub fn system_entry() -> Option<PathBuf> {
    let path = Path::new("/usr/share/applications").join(format!("{APP}.desktop"));
    path.is_file().then_some(path)
}

/// The running program's path as Linux reports it, without the
/// " (deleted)" it gets once the file was rebuilt under it.
#[must_use]
pub fn running_program(reported: &Path) -> PathBuf {
    reported.to_str().and_then(|s| s.strip_suffix(" (deleted)")).map_or_else(|| reported.to_path_buf(), PathBuf::from)
}

/// An `Exec` value as a person reads it: the program's path, unquoted
/// (the first argument, by the desktop entry's rules).
#[must_use]
pub fn exec_program(exec: &str) -> String {
    let mut general = String::new();
    let mut chars = exec.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('s') => general.push(' '),
                Some('n') => general.push('\n'),
                Some('t') => general.push('\t'),
                Some('r') => general.push('\r'),
                Some(other) => general.push(other),
                None => {}
            }
        } else {
            general.push(c);
        }
    }
    let (mut out, mut quoted, mut chars) = (String::new(), false, general.chars());
    while let Some(c) = chars.next() {
        match c {
            '"' => quoted = !quoted,
            '\\' if quoted => out.extend(chars.next()),
            ' ' if !quoted => break,
            '%' => out.extend(chars.next().filter(|&n| n == '%')),
            c => out.push(c),
        }
    }
    out
}
