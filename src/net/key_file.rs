//! The app's network key on disk: the same key every run is the same
//! friend to a host, so a friend who closes Aviary keeps their seat.
//!
//! The key is a secret (whoever holds it can take the friend's seats), so
//! it is written atomically and readable by its owner only, and a key file
//! that cannot be read is never silently replaced: it is kept aside, as a
//! broken settings file is, and the person is told.

use std::io::Write;
use std::path::{Path, PathBuf};

/// What became of the key file.
#[derive(Debug, PartialEq, Eq)]
pub enum KeyFile {
    /// The key was read.
    Read,
    /// There was none: a new key was written.
    Made,
    /// The file could not be read as a key: it is kept at the path given
    /// and a new key was written.
    KeptAside(PathBuf, String),
    /// Nothing could be written (or a broken file could not be moved
    /// aside): a key for this session only.
    ThisSessionOnly(String),
}

impl KeyFile {
    /// What the person should be told, if anything.
    #[must_use]
    pub fn message(&self, path: &Path) -> Option<String> {
        match self {
            Self::Read | Self::Made => None,
            Self::KeptAside(kept, why) => Some(format!(
                "Your network key {} could not be read ({why}). It is kept as {}; Aviary made a new key, so games you joined before need a new code from their host.",
                path.display(),
                kept.display()
            )),
            Self::ThisSessionOnly(why) => Some(format!(
                "Your network key {} could not be kept ({why}). Aviary uses a key for this session only: after a restart, games you joined need a new code.",
                path.display()
            )),
        }
    }
}

/// Reads the key at `path` into `secret`, or writes `secret` (a fresh
/// random key) there when there is none.
pub fn load_or_make(path: &Path, secret: &mut [u8; 32]) -> KeyFile {
    match read_key(path) {
        Ok(Some(key)) => {
            *secret = key;
            // An older Aviary wrote the key readable by everyone.
            let _ = owner_only(path);
            KeyFile::Read
        }
        Ok(None) => match write_key(path, secret) {
            Ok(()) => KeyFile::Made,
            Err(e) => KeyFile::ThisSessionOnly(e.to_string()),
        },
        Err(why) => match crate::save::set_aside(path) {
            Ok(kept) => match write_key(path, secret) {
                Ok(()) => KeyFile::KeptAside(kept, why),
                Err(e) => KeyFile::ThisSessionOnly(format!("{why}; and {e}")),
            },
            Err(e) => KeyFile::ThisSessionOnly(format!("{why}; it could not be moved aside: {e}")),
        },
    }
}

/// The key, `None` when there is no file, or why the file is not a key.
fn read_key(path: &Path) -> Result<Option<[u8; 32]>, String> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    if !meta.is_file() {
        return Err("it is not a regular file".into());
    }
    if meta.len() != 32 {
        return Err(format!("it holds {} bytes, not a key's 32", meta.len()));
    }
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    <[u8; 32]>::try_from(bytes.as_slice()).map(Some).map_err(|_| "it changed while read".to_string())
}

/// Writes the key atomically (a temporary file, flushed, renamed over),
/// readable and writable by its owner only.
fn write_key(path: &Path, key: &[u8; 32]) -> std::io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(".network-key.{}.tmp", std::process::id()));
    let result = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut f = options.open(&tmp)?;
        f.write_all(key)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(unix)]
fn owner_only(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path)?.permissions().mode();
    if mode & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn owner_only(_: &Path) -> std::io::Result<()> {
    Ok(())
}
