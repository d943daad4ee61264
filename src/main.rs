fn main() {
  std::process::exit(judge::cli::run());
}
