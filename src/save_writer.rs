//! The autosave writer: a named background thread that writes save files,
//! so a move never waits for the disk.
//!
//! Each game on screen has one. After every move the UI hands it the new
//! text; bursts coalesce (only the latest text for a file is written), each
//! write is atomic ([`save::write_atomic`]: temporary file, fsync, rename,
//! fsync of the folder), and the outcome comes back to be collected each
//! frame. [`Writer::flush`] (Ctrl+S, closing a tab, quitting) waits until the
//! latest text is on disk and says whether it is, so nothing written later by
//! the thread can overwrite a newer save.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, OnceLock};

use crate::save::{self, SaveError};

/// How the writer writes a file: [`save::write_atomic`] in the app; tests
/// put in a slow or failing one.
pub type WriteFn = Arc<dyn Fn(&Path, &str) -> Result<(), SaveError> + Send + Sync>;

/// What the thread calls after each write (the UI repaints).
type Wake = Box<dyn Fn() + Send + Sync>;

/// One request: write `text` to `path`; `generation` orders the requests.
struct Job {
    generation: u64,
    path: PathBuf,
    text: String,
}

/// What the thread reports: the generation written and how it went.
struct Done {
    generation: u64,
    result: Result<(), String>,
}

/// A game's background save writer.
pub struct Writer {
    tx: Option<Sender<Job>>,
    rx: Option<Receiver<Done>>,
    write: WriteFn,
    wake: Arc<OnceLock<Wake>>,
    /// The last generation handed over.
    sent: u64,
    /// The last generation whose outcome came back.
    finished: u64,
    /// The outcome of the latest finished write, if it failed.
    failed: Option<String>,
}

impl Default for Writer {
    /// Writes with [`save::write_file`] (creating the folder, then atomically).
    fn default() -> Self {
        Self::new(Arc::new(save::write_file))
    }
}

impl Writer {
    /// A writer that writes with `write` (the thread starts with the first
    /// file to write).
    #[must_use]
    pub fn new(write: WriteFn) -> Self {
        Self { tx: None, rx: None, write, wake: Arc::default(), sent: 0, finished: 0, failed: None }
    }

    /// Calls `wake` whenever a write fails (the UI repaints to show the
    /// message at once). Only the first call counts.
    pub fn set_wake(&self, wake: impl Fn() + Send + Sync + 'static) {
        let _ = self.wake.set(Box::new(wake));
    }

    /// True once [`Writer::set_wake`] was called.
    #[must_use]
    pub fn has_wake(&self) -> bool {
        self.wake.get().is_some()
    }

    fn thread(&mut self) -> Option<&Sender<Job>> {
        if self.tx.is_none() {
            let (tx, jobs) = mpsc::channel::<Job>();
            let (done_tx, rx) = mpsc::channel::<Done>();
            let write = Arc::clone(&self.write);
            let wake = Arc::clone(&self.wake);
            let spawned = std::thread::Builder::new().name("aviary-autosave".into()).spawn(move || {
                while let Ok(mut job) = jobs.recv() {
                    // Coalesce: only the newest text waiting is written.
                    while let Ok(newer) = jobs.try_recv() {
                        job = newer;
                    }
                    let result = write(&job.path, &job.text).map_err(|e| e.to_string());
                    let failed = result.is_err();
                    if done_tx.send(Done { generation: job.generation, result }).is_err() {
                        break;
                    }
                    // Only a failure changes the screen (a message).
                    if failed && let Some(wake) = wake.get() {
                        wake();
                    }
                }
            });
            if spawned.is_ok() {
                self.tx = Some(tx);
                self.rx = Some(rx);
            }
        }
        self.tx.as_ref()
    }

    /// Hands `text` over to be written to `path` and returns at once.
    ///
    /// # Errors
    /// Only when no thread could be started; the write is then done here.
    pub fn submit(&mut self, path: &Path, text: String) -> Result<(), SaveError> {
        self.sent += 1;
        let generation = self.sent;
        let job = Job { generation, path: path.to_path_buf(), text };
        match self.thread() {
            Some(tx) => match tx.send(job) {
                Ok(()) => Ok(()),
                Err(mpsc::SendError(job)) => self.write_here(&job),
            },
            None => self.write_here(&job),
        }
    }

    fn write_here(&mut self, job: &Job) -> Result<(), SaveError> {
        let result = (self.write)(&job.path, &job.text);
        self.finished = job.generation;
        self.failed = result.as_ref().err().map(ToString::to_string);
        result
    }

    /// Collects the writes finished since the last call (never waits).
    /// Returns the failure of the newest one, if it failed.
    pub fn poll(&mut self) -> Option<String> {
        let mut newest_failure = None;
        if let Some(rx) = &self.rx {
            while let Ok(done) = rx.try_recv() {
                self.finished = done.generation;
                self.failed = done.result.err();
                newest_failure.clone_from(&self.failed);
            }
        }
        newest_failure
    }

    /// True while a handed-over text is not yet written.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.finished < self.sent
    }

    /// Waits until everything handed over is written.
    ///
    /// # Errors
    /// The failure of the last write: the file then holds an older state
    /// (or nothing), and the game is only in memory.
    pub fn flush(&mut self) -> Result<(), String> {
        while self.finished < self.sent {
            let Some(rx) = &self.rx else { break };
            if let Ok(done) = rx.recv() {
                self.finished = done.generation;
                self.failed = done.result.err();
            } else {
                self.failed = Some("the autosave thread stopped".into());
                break;
            }
        }
        match &self.failed {
            Some(why) => Err(why.clone()),
            None => Ok(()),
        }
    }
}
