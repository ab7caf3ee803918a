//! The checkout xtask runs in: its root, and the lock files that let two
//! commands in one checkout take turns.
use anyhow::{Context, Result};
use std::path::PathBuf;

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Takes the lock file `rel` (relative to the workspace root) of this
/// checkout, saying once `xtask: waiting for <what> in this checkout
/// (<rel>)` while another command holds it.
pub fn checkout_lock(rel: &str, what: &str) -> Result<uae_harness::lock::FileLock> {
    let path = root().join(rel);
    uae_harness::lock::FileLock::acquire(&path, &format!("xtask: waiting for {what} in this checkout ({rel})"))
        .with_context(|| format!("locking {}", path.display()))
}
