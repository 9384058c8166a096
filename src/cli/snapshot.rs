//! `rulebook snapshot`: write behaviour snapshots beside rule files.

use std::path::PathBuf;

use crate::authoring::snapshot;

/// Writes the snapshot of every file and names what it wrote.
pub(super) fn run(files: &[PathBuf]) -> Result<(), String> {
    for f in files {
        let written = snapshot::write(f)?;
        println!("wrote {}", written.display());
    }
    Ok(())
}
