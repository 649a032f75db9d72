extension String {
    /// The text with spaces after it, to `width` characters; a wider text is left as it is.
    ///
    ///     "ab".padded(to: 4) + "|"   // "ab  |"
    public func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The text with spaces before it, to `width` characters (numbers in a column).
    ///
    ///     "7".padded(leftTo: 3)   // "  7"
    public func padded(leftTo width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    /// A column of a text table: the text padded to `width`, and a text as wide or wider
    /// followed by one space, so that columns never run together.
    ///
    ///     "interpolated".column(8) + "26"   // "interpolated 26"
    public func column(_ width: Int) -> String {
        count >= width ? self + " " : padded(to: width)
    }
}
