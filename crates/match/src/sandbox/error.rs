//! Why a program cannot be started in the sandbox.

use serde::{Deserialize, Serialize};

use super::bounds::{FOLDER_BYTES, FOLDER_FILES};

/// Why a program cannot be started in the sandbox.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SandboxError {
    /// No `bwrap` on the `PATH` (nor `$CAVALO_BWRAP`).
    #[error("bubblewrap (bwrap) is not installed: install it (Debian: apt-get install bubblewrap)")]
    NoBwrap,
    /// `bwrap` could not make a sandbox here (user namespaces disabled, …): its words.
    #[error("bubblewrap cannot make a sandbox on this machine: {said}")]
    Refused {
        /// What bwrap or the program said.
        said: String,
    },
    /// SBCL's own files could not be found.
    #[error("cannot find SBCL's files ({sbcl}): {said}")]
    Sbcl {
        /// The SBCL program.
        sbcl: String,
        /// What went wrong.
        said: String,
    },
    /// The team's folder holds more than the sandbox copies.
    #[error(
        "the folder {folder} holds more than {FOLDER_FILES} files or {FOLDER_BYTES} bytes: give the team's files a folder of their own"
    )]
    FolderTooBig {
        /// The folder.
        folder: String,
    },
    /// The team's files could not be copied.
    #[error("cannot copy the team's files from {folder}: {said}")]
    Copy {
        /// The folder.
        folder: String,
        /// The system's words.
        said: String,
    },
}
