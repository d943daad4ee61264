/// mimalloc rather than the system allocator: the judge builds many small
/// strings per order and per mail, and this halves the allocator's share
/// of adjudicating from order text (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
  std::process::exit(judge::cli::run());
}
