//! Argon2's working memory (19 MiB for the judge's hashes), taken straight
//! from the kernel as one anonymous mapping on 2 MiB huge pages.
//!
//! Why not the allocator: every order mail is a new process, so these
//! pages are new to it each time and the kernel must fault them in and
//! zero them. On 4 KiB pages that is about 4,900 faults; on huge pages,
//! ten. The mapping asks for huge pages itself, so the check does not
//! depend on how the allocator is built (mimalloc's `no_thp`) or where it
//! puts a large block; and the kernel's zeroed pages are all argon2
//! needs, where the crate's own buffer is written with zeros once more.
//! Figures: `docs/performance.md`, "One order mail".

use argon2::Block;
use memmap2::{MmapMut, MmapOptions};

/// The size and alignment of a transparent huge page on x86-64 and most
/// other Linux machines; elsewhere the alignment is merely harmless.
const HUGE_PAGE: usize = 2 << 20;

/// A zeroed buffer of argon2 blocks that starts on a huge-page boundary.
pub(super) struct Scratch {
  map: MmapMut,
  offset: usize,
  blocks: usize,
}

impl Scratch {
  /// `blocks` zeroed blocks of 1 KiB, or the kernel's refusal.
  pub(super) fn new(blocks: usize) -> std::io::Result<Scratch> {
    let too_big = || std::io::Error::other("argon2's memory is too large");
    let bytes = blocks.checked_mul(Block::SIZE).ok_or_else(too_big)?;
    // Whole huge pages, and one more so that the start can be aligned.
    let len = bytes
      .checked_next_multiple_of(HUGE_PAGE)
      .and_then(|n| n.checked_add(HUGE_PAGE))
      .ok_or_else(too_big)?;
    let map = MmapOptions::new().len(len).map_anon()?;
    // Only advice: without huge pages the hash is the same, only slower.
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::HugePage);
    let start = map.as_ptr() as usize;
    let offset = start.next_multiple_of(HUGE_PAGE) - start;
    Ok(Scratch { map, offset, blocks })
  }

  /// The buffer, as the blocks argon2 fills.
  pub(super) fn blocks(&mut self) -> &mut [Block] {
    let bytes = &mut self.map[self.offset..self.offset + self.blocks * Block::SIZE];
    // SAFETY: the bytes are this mapping's, borrowed mutably for as long
    // as the blocks are; they start on a page boundary, beyond `Block`'s
    // 64-byte alignment; their length is exactly `blocks` blocks; and
    // `Block` is a plain array of `u64`, for which the mapping's bytes
    // (zeros, then whatever argon2 wrote) are always a valid value.
    unsafe { std::slice::from_raw_parts_mut(bytes.as_mut_ptr().cast::<Block>(), self.blocks) }
  }

  /// Where the buffer starts (for the tests).
  #[cfg(test)]
  fn start(&self) -> usize {
    self.map.as_ptr() as usize + self.offset
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn the_buffer_is_zeroed_whole_blocks_on_a_huge_page_boundary() {
    let mut scratch = Scratch::new(19_456).expect("memory");
    assert_eq!(scratch.start() % HUGE_PAGE, 0);
    let blocks = scratch.blocks();
    assert_eq!(blocks.len(), 19_456);
    assert!(blocks.iter().all(|b| b.as_ref().iter().all(|&w| w == 0)));
    // Every block can be written, the last included.
    for block in blocks.iter_mut() {
      block.as_mut()[127] = 7;
    }
    assert!(scratch.blocks().iter().all(|b| b.as_ref()[127] == 7));
  }

  #[test]
  fn a_size_that_overflows_is_refused_not_wrapped() {
    assert!(Scratch::new(usize::MAX / 512).is_err());
  }
}
