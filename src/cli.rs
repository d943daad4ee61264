//! The command line (placeholder).

/// Runs the program and returns its exit status.
pub fn run() -> i32 {
  0
}
