//! One test alone in a process of its own, for the tests that measure their whole process (the
//! time its threads waited for a core, its open file descriptors): in one test binary, the other
//! tests running beside them would be counted too.

use std::process::Command;

/// The variable that tells a child process of the test binary which test it runs alone.
const VAR: &str = "CAVALO_TEST_ALONE";

/// Whether the test `name` of the module `module` (its `module_path!()`) is to do its work here:
/// true in a child process of this test binary running that one test alone; false, once such a
/// child has passed, in the test that started it (whose output shows the child's). A test starts
/// with `if !common::alone::alone(module_path!(), "its_name") { return; }`.
pub fn alone(module: &str, name: &str) -> bool {
    let path = match module.split_once("::") {
        Some((_, within)) => format!("{within}::{name}"),
        None => name.to_string(),
    };
    if std::env::var(VAR).is_ok_and(|v| v == path) {
        return true;
    }
    let out = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args([path.as_str(), "--exact", "--test-threads=1", "--nocapture"])
        .env(VAR, &path)
        .output()
        .expect("the test binary runs again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{path}, alone in a process of its own, failed");
    assert!(stdout.contains("test result: ok. 1 passed"), "{path} did not run in its process");
    false
}
