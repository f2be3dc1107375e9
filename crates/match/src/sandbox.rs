//! The sandbox of a program that is not ours (a team's Lisp program): Debian's bubblewrap
//! (`bwrap`) starts SBCL in namespaces of its own — no network at all (a network namespace with
//! only its own loopback), its own process ids (it sees only its own processes), its own
//! hostname and IPC — with a file system made of nothing but:
//!
//! - SBCL's own files, read-only: the runtime, its core and contribs, and the shared libraries
//!   the runtime links (found once per SBCL by asking it and `ldd`);
//! - the adapter, read-only, at `/cavalo/`;
//! - a copy of the team's folder (its regular files only, at most [`FOLDER_FILES`] files and
//!   [`FOLDER_BYTES`] bytes), read-only, at `/team`, the working directory;
//! - a private `/tmp` of [`TMP_BYTES`], a minimal `/dev` and its own `/proc`.
//!
//! Nothing of the host's `/etc`, `/home`, the server's data or another team's files is there. The
//! environment is emptied (`HOME=/tmp`, `SBCL_HOME`). A file written is at most [`FILE_BYTES`]
//! (`RLIMIT_FSIZE`), the address space is the referee's memory limit (`RLIMIT_AS`, set before),
//! and the processes and threads of the sandbox are at most [`PROCESSES`] (`RLIMIT_NPROC`, set by
//! the adapter inside the sandbox's user namespace before the team's file is loaded, so that it
//! counts the sandbox's own tasks only). A referee running as root starts the sandbox as
//! `nobody` (65534): root is exempt from `RLIMIT_NPROC`, and the program has no reason to be
//! root outside. Every process of the sandbox is killed at the end of its game (the referee's
//! subreaper, [`crate::external`]), and bubblewrap kills the sandbox if the thread that started
//! it ends (`--die-with-parent` is the kernel's parent-death signal, which follows the thread):
//! start a sandboxed program on the thread that plays its game, as the referee does.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};

use crate::external::{Confined, Launch};

pub(crate) mod bounds;
pub(crate) mod error;

pub use bounds::{ADAPTER_DIR, FILE_BYTES, FOLDER_BYTES, FOLDER_FILES, PROCESSES, TEAM_DIR, TMP_BYTES};
pub use error::SandboxError;

/// The user a root referee starts the sandbox as.
const NOBODY: u32 = 65534;

/// SBCL's own files: what the sandbox binds read-only.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SbclFiles {
    /// The runtime program.
    runtime: PathBuf,
    /// `SBCL_HOME`: the core and the contribs.
    home: PathBuf,
    /// The core, when outside `home`.
    core: PathBuf,
    /// The shared libraries the runtime links, and the dynamic loader.
    libraries: Vec<PathBuf>,
}

/// `bwrap`: `$CAVALO_BWRAP`, else the first on the `PATH`.
pub fn bwrap() -> Result<PathBuf, SandboxError> {
    if let Some(p) = std::env::var_os("CAVALO_BWRAP").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).map(|d| d.join("bwrap")).find(|p| p.is_file()).ok_or(SandboxError::NoBwrap)
}

/// Whether a program can be sandboxed here with `sbcl`: SBCL started in a sandbox says its
/// version. The arena checks this before it takes a program.
pub fn probe(sbcl: &str) -> Result<(), SandboxError> {
    let cell = Cell::new(None)?;
    let mut launch = Launch::shell("sbcl");
    launch.program = sbcl.to_string();
    launch.args = vec!["--version".into()];
    let launch = confine(launch, cell, sbcl, None)?;
    let mut command = Command::new(&launch.program);
    command.args(&launch.args).stdin(Stdio::null());
    crate::external::procs::sandboxed(&mut command, sandbox_user(), FILE_BYTES).current_dir("/");
    let out = command.output().map_err(|e| SandboxError::Refused { said: e.to_string() })?;
    if out.status.success() && String::from_utf8_lossy(&out.stdout).contains("SBCL") {
        return Ok(());
    }
    let said = String::from_utf8_lossy(&out.stderr).trim().chars().take(400).collect::<String>();
    Err(SandboxError::Refused { said: if said.is_empty() { format!("exit {}", out.status) } else { said } })
}

/// A sandbox's own copy of the team's files (removed when the last holder lets it go).
#[derive(Debug)]
pub struct Cell {
    dir: tempfile::TempDir,
}

impl PartialEq for Cell {
    fn eq(&self, other: &Cell) -> bool {
        self.dir.path() == other.dir.path()
    }
}

impl Eq for Cell {}

impl Cell {
    /// A new cell holding a copy of `folder`'s regular files (none for `None`), readable by the
    /// user the sandbox runs as.
    pub fn new(folder: Option<&Path>) -> Result<Cell, SandboxError> {
        let shown = folder.map_or_else(String::new, |f| f.display().to_string());
        let copy = |e: std::io::Error| SandboxError::Copy { folder: shown.clone(), said: e.to_string() };
        let dir = tempfile::Builder::new().prefix("cavalo-sandbox-").tempdir().map_err(copy)?;
        let team = dir.path().join("team");
        std::fs::create_dir(&team).map_err(copy)?;
        if let Some(folder) = folder {
            let files = regular_files(folder).map_err(copy)?;
            let bytes: u64 = files.iter().map(|(_, len)| len).sum();
            if files.len() > FOLDER_FILES || bytes > FOLDER_BYTES {
                return Err(SandboxError::FolderTooBig { folder: shown });
            }
            for (name, _) in &files {
                std::fs::copy(folder.join(name), team.join(name)).map_err(copy)?;
            }
        }
        if running_as_root() {
            for p in std::iter::once(dir.path().to_path_buf()).chain(entries(&team).map_err(copy)?) {
                std::os::unix::fs::chown(&p, Some(NOBODY), Some(NOBODY)).map_err(copy)?;
            }
            std::os::unix::fs::chown(&team, Some(NOBODY), Some(NOBODY)).map_err(copy)?;
        }
        Ok(Cell { dir })
    }

    /// The copy of the team's folder.
    pub fn team(&self) -> PathBuf {
        self.dir.path().join("team")
    }
}

/// The regular files directly in `folder` (no folders, no links), with their sizes.
fn regular_files(folder: &Path) -> std::io::Result<Vec<(std::ffi::OsString, u64)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let meta = entry.metadata()?;
        if meta.file_type().is_file() {
            out.push((entry.file_name(), meta.len()));
        }
        if out.len() > FOLDER_FILES {
            break;
        }
    }
    Ok(out)
}

fn entries(dir: &Path) -> std::io::Result<impl Iterator<Item = PathBuf>> {
    Ok(std::fs::read_dir(dir)?.filter_map(|e| e.ok()).map(|e| e.path()))
}

/// Whether this process runs as root.
pub(crate) fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// The user a sandbox is started as: `nobody` when the referee is root, else the referee's own.
fn sandbox_user() -> Option<u32> {
    running_as_root().then_some(NOBODY)
}

/// `launch` (SBCL with its arguments, naming the team's files under [`TEAM_DIR`] and the adapter
/// as [`adapter_inside`] names it) started by bubblewrap in a sandbox holding `cell`, SBCL's
/// files and the `adapter` (its file on the host, bound read-only under [`ADAPTER_DIR`]).
pub fn confine(
    mut launch: Launch,
    cell: Cell,
    sbcl: &str,
    adapter: Option<&Path>,
) -> Result<Launch, SandboxError> {
    let bwrap = bwrap()?;
    let files = sbcl_files(sbcl)?;
    let mut args: Vec<String> = [
        "--unshare-all",
        "--unshare-user",
        "--disable-userns",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        "--hostname",
        "sandbox",
        "--clearenv",
        "--setenv",
        "HOME",
        "/tmp",
        "--setenv",
        "LANG",
        "C.UTF-8",
    ]
    .map(String::from)
    .to_vec();
    let text = |p: &Path| p.to_string_lossy().into_owned();
    args.extend(["--setenv".into(), "SBCL_HOME".into(), text(&files.home)]);
    let mut bind = |from: &Path, to: &str| args.extend(["--ro-bind".into(), text(from), to.to_string()]);
    bind(&files.runtime, &text(&files.runtime));
    bind(&files.home, &text(&files.home));
    if !files.core.starts_with(&files.home) {
        bind(&files.core, &text(&files.core));
    }
    for lib in &files.libraries {
        bind(lib, &text(lib));
    }
    bind(&cell.team(), TEAM_DIR);
    if let Some(adapter) = adapter {
        bind(adapter, &adapter_inside(adapter));
    }
    args.extend(["--proc", "/proc", "--dev", "/dev", "--size"].map(String::from));
    args.extend([TMP_BYTES.to_string(), "--tmpfs".into(), "/tmp".into(), "--chdir".into(), TEAM_DIR.into()]);
    args.push(text(&files.runtime));
    args.append(&mut launch.args);
    launch.args = args;
    launch.program = text(&bwrap);
    launch.confined = Some(Confined { user: sandbox_user(), file_bytes: FILE_BYTES, keep: Arc::new(cell) });
    Ok(launch)
}

/// Where the adapter at `host` is inside the sandbox: [`ADAPTER_DIR`] and its file name.
pub fn adapter_inside(host: &Path) -> String {
    format!("{ADAPTER_DIR}/{}", host.file_name().map(|n| n.to_string_lossy()).unwrap_or_default())
}

/// SBCL's files, found once per SBCL program.
fn sbcl_files(sbcl: &str) -> Result<SbclFiles, SandboxError> {
    type Found = Arc<Result<SbclFiles, SandboxError>>;
    static CACHE: OnceLock<Mutex<HashMap<String, Found>>> = OnceLock::new();
    let found = {
        let mut cache = CACHE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        cache.entry(sbcl.to_string()).or_insert_with(|| Arc::new(find_sbcl_files(sbcl))).clone()
    };
    (*found).clone()
}

/// Asks SBCL where its runtime, home and core are, and `ldd` which libraries the runtime links.
fn find_sbcl_files(sbcl: &str) -> Result<SbclFiles, SandboxError> {
    let fail = |said: String| SandboxError::Sbcl { sbcl: sbcl.to_string(), said };
    let form = "(progn (write-line (native-namestring sb-ext:*runtime-pathname*)) \
                (write-line (native-namestring (sb-int:sbcl-homedir-pathname))) \
                (write-line (native-namestring sb-ext:*core-pathname*)))";
    let out = Command::new(sbcl)
        .args(["--noinform", "--non-interactive", "--no-sysinit", "--no-userinit", "--eval", form])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| fail(e.to_string()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| l.starts_with('/')).collect();
    let [runtime, home, core] = lines[..] else {
        return Err(fail(format!("it said `{}`", text.trim())));
    };
    let home = PathBuf::from(home.trim_end_matches('/'));
    let ldd = Command::new("ldd")
        .arg(runtime)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| fail(format!("ldd: {e}")))?;
    let libraries = linked_libraries(&String::from_utf8_lossy(&ldd.stdout));
    if libraries.is_empty() {
        return Err(fail(format!("ldd {runtime} named no library")));
    }
    Ok(SbclFiles { runtime: runtime.into(), home, core: core.into(), libraries })
}

/// The libraries in `ldd`'s output: `libm.so.6 => /lib/x86_64-linux-gnu/libm.so.6 (0x…)` and
/// `/lib64/ld-linux-x86-64.so.2 (0x…)` (not the kernel's `linux-vdso.so.1`).
fn linked_libraries(ldd: &str) -> Vec<PathBuf> {
    ldd.lines()
        .filter_map(|l| {
            let path = l.split("=>").last()?.split_whitespace().next()?;
            path.starts_with('/').then(|| PathBuf::from(path))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ldd_lines_name_the_libraries() {
        let ldd = "\tlinux-vdso.so.1 (0x00007ffd)\n\tlibzstd.so.1 => /lib/x86_64-linux-gnu/libzstd.so.1 (0x1)\n\
                   \tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x2)\n\t/lib64/ld-linux-x86-64.so.2 (0x3)\n";
        let libs = linked_libraries(ldd);
        assert_eq!(
            libs,
            [
                "/lib/x86_64-linux-gnu/libzstd.so.1",
                "/lib/x86_64-linux-gnu/libc.so.6",
                "/lib64/ld-linux-x86-64.so.2"
            ]
            .map(PathBuf::from)
        );
    }

    #[test]
    fn the_probe_starts_sbcl_in_a_sandbox() {
        let runs = |p: &str| Command::new(p).arg("--version").output().is_ok_and(|o| o.status.success());
        if !(runs("sbcl") && runs("bwrap")) {
            assert!(std::env::var("CAVALO_SANDBOX_TESTS").as_deref() != Ok("1"), "sbcl or bwrap missing");
            return;
        }
        assert_eq!(probe("sbcl"), Ok(()));
        assert!(matches!(probe("/nonexistent/sbcl"), Err(SandboxError::Sbcl { .. })));
    }

    #[test]
    fn a_cell_copies_regular_files_only_and_refuses_a_big_folder() {
        let src = tempfile::tempdir().unwrap();
        std::fs::write(src.path().join("team.lisp"), "(defun jogar (s tm) s)").unwrap();
        std::fs::create_dir(src.path().join("sub")).unwrap();
        std::fs::write(src.path().join("sub/hidden.lisp"), "x").unwrap();
        let cell = Cell::new(Some(src.path())).unwrap();
        let names: Vec<_> = std::fs::read_dir(cell.team()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["team.lisp"]);
        for i in 0..=FOLDER_FILES {
            std::fs::write(src.path().join(format!("f{i}")), "").unwrap();
        }
        assert!(matches!(Cell::new(Some(src.path())), Err(SandboxError::FolderTooBig { .. })));
    }
}
