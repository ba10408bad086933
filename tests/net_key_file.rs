//! The network key on disk: owner-only, written whole, and a key file
//! that cannot be read is kept aside with a message, never replaced
//! silently (the friend would lose their seats).

#![allow(clippy::unwrap_used)]

use std::os::unix::fs::PermissionsExt;

use aviary::net::key_file::{KeyFile, load_or_make};

fn mode(path: &std::path::Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_new_key_is_written_owner_only_and_read_back_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config").join("network-key");
    let mut first = [7u8; 32];
    assert_eq!(load_or_make(&path, &mut first), KeyFile::Made);
    assert_eq!(std::fs::read(&path).unwrap(), first);
    assert_eq!(mode(&path), 0o600, "only its owner may read the key");
    // No temporary file is left beside it.
    assert_eq!(std::fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
    let mut second = [9u8; 32];
    assert_eq!(load_or_make(&path, &mut second), KeyFile::Read);
    assert_eq!(second, first, "the same key: the same friend to a host");
}

#[test]
fn a_key_an_older_aviary_left_readable_by_all_is_made_owner_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("network-key");
    std::fs::write(&path, [3u8; 32]).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let mut key = [0u8; 32];
    assert_eq!(load_or_make(&path, &mut key), KeyFile::Read);
    assert_eq!(key, [3u8; 32]);
    assert_eq!(mode(&path), 0o600);
}

#[test]
fn a_key_file_that_cannot_be_read_is_kept_aside_and_the_person_told() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("network-key");
    std::fs::write(&path, b"not a key").unwrap();
    let mut key = [5u8; 32];
    let kept = load_or_make(&path, &mut key);
    let KeyFile::KeptAside(aside, why) = &kept else { panic!("{kept:?}") };
    assert_eq!(std::fs::read(aside).unwrap(), b"not a key", "the old file is kept as it was");
    assert!(why.contains("9 bytes"), "{why}");
    assert_eq!(std::fs::read(&path).unwrap(), [5u8; 32], "a new key in its place");
    let message = kept.message(&path).unwrap();
    assert!(message.contains("kept as") && message.contains("new code"), "{message}");
    // A folder where the key should be is not a key either.
    let path = dir.path().join("folder-key");
    std::fs::create_dir(&path).unwrap();
    std::fs::write(path.join("inside"), b"keep me").unwrap();
    let kept = load_or_make(&path, &mut [1u8; 32]);
    let KeyFile::KeptAside(aside, _) = &kept else { panic!("{kept:?}") };
    assert_eq!(std::fs::read(aside.join("inside")).unwrap(), b"keep me");
}
