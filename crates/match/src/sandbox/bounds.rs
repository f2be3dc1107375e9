//! The sandbox's bounds and where things are inside it.

/// The most processes and threads in one sandbox.
pub const PROCESSES: u32 = 32;
/// The size of the sandbox's `/tmp`.
pub const TMP_BYTES: u64 = 16 << 20;
/// The largest file a sandboxed program may write.
pub const FILE_BYTES: u64 = 16 << 20;
/// The most files of a team's folder copied into its sandbox.
pub const FOLDER_FILES: usize = 64;
/// The most bytes of a team's folder copied into its sandbox.
pub const FOLDER_BYTES: u64 = 4 << 20;
/// Where the team's files are inside the sandbox.
pub const TEAM_DIR: &str = "/team";
/// Where the adapter is inside the sandbox.
pub const ADAPTER_DIR: &str = "/cavalo";
