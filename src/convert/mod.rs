//! `judge convert-map`: the DPjudge map language to the TOML of
//! `docs/maps.md`. Reading follows `Map.py` (see [`read`]); writing derives
//! army and fleet borders as `Map.abuts` would answer them, so the TOML
//! describes the board the DPjudge played.

mod read;
mod write;

use std::path::Path;

use thiserror::Error;

pub use read::{Board, Loader};

/// Why a map could not be converted.
#[derive(Debug, Error)]
pub enum ConvertError {
  /// A line the converter cannot read or the format cannot express.
  #[error("{file}:{line}: {what}")]
  Line { file: String, line: usize, what: String },
  /// A problem with a whole file (unreadable, or a map-wide fault).
  #[error("{file}: {what}")]
  File { file: String, what: String },
}

/// Converts the map file at `path`, following its `USE`/`MAP` inclusions
/// from the same directory.
pub fn convert_file(path: &Path) -> Result<String, ConvertError> {
  let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
  let root = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
  let root_label = path.display().to_string();
  let mut loader = |name: &str| -> Result<(String, String), String> {
    let (file, label) = if name == root {
      (path.to_path_buf(), root_label.clone())
    } else {
      (dir.join(name), dir.join(name).display().to_string())
    };
    let bytes = std::fs::read(&file).map_err(|e| e.to_string())?;
    // The DPjudge reads its maps as Latin-1.
    Ok((label, bytes.iter().map(|&b| char::from(b)).collect()))
  };
  convert_with(&root, &mut loader).map_err(|error| match error {
    ConvertError::File { file, what } if file == root => {
      ConvertError::File { file: root_label.clone(), what }
    }
    other => other,
  })
}

/// Converts the map named `root` (a file name such as `zeus.map`), reading it
/// and its inclusions through `loader`, which gives (label for messages, text).
pub fn convert_with(root: &str, loader: &mut Loader) -> Result<String, ConvertError> {
  let mut board = Board::default();
  board.load(root, loader, None)?;
  let stem = root.strip_suffix(".map").unwrap_or(root);
  write::write(&board, stem)
}

/// Converts one map text with no inclusions (for tests and small maps).
pub fn convert_text(name: &str, text: &str) -> Result<String, ConvertError> {
  let mut loader = |n: &str| -> Result<(String, String), String> {
    if n == name {
      Ok((n.to_string(), text.to_string()))
    } else {
      Err("no such file".to_string())
    }
  };
  convert_with(name, &mut loader)
}

#[cfg(test)]
mod tests;
