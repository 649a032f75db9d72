#if os(Linux)
    import CMalloc
#endif

/// Gives the pages of freed memory back to the system, every `interval` records read, and
/// once reading and once comparing are done (`giveBack()`). Reading
/// grows the columns' and keys' arrays by doubling on the member threads, and glibc keeps the
/// blocks they leave behind (up to 32 MB each, once its mmap threshold has risen) in its heaps
/// for reuse, each thread's apart. Fuzzy dedupe's peak is reached as reading ends: at 10M bench
/// records 851 and 857 MiB with a trim every `interval` records, 912 and 945 without (two runs
/// each). `malloc_trim` gives the pages back; elsewhere than glibc, nothing is done.
///
///     FreedMemory.giveBack(afterRecord: 1 << 20)   // trims: a multiple of `interval`
///
/// - Complexity: a trim walks glibc's free lists; one per `interval` records.
enum FreedMemory {
    /// Records read between trims: ten at 10M records.
    static let interval = 1 << 20

    /// Trims when `record` (a count of records read) is a multiple of `interval`.
    @inline(__always)
    static func giveBack(afterRecord record: Int) {
        guard record % interval == 0 else { return }
        giveBack()
    }

    /// Asks glibc to map every block of `largeBlock` bytes or more on its own, and unmap it
    /// when freed, instead of raising that size as it goes (up to 32 MB) and keeping such
    /// blocks in its heaps for reuse: the arrays fuzzy mode grows, sorts and drops as it reads
    /// and compares then give their pages back at once.
    static func mapsLargeBlocks() {
        #if os(Linux)
            _ = mallopt(M_MMAP_THRESHOLD, Int32(largeBlock))
            // As glibc's own moving threshold would: the heap's free top is kept up to twice
            // that, so the smaller blocks freed and taken again (the output's buffers) are not
            // given back and faulted in anew each time (3x the page faults at 1M records).
            _ = mallopt(M_TRIM_THRESHOLD, Int32(2 * largeBlock))
        #endif
    }

    static let largeBlock = 1 << 22

    /// Trims now: after a phase that freed much (the columns' indexes once the input is read).
    static func giveBack() {
        #if os(Linux)
            _ = malloc_trim(0)
        #endif
    }
}
