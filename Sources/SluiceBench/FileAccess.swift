import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations the runner needs, on the C library (no Foundation in the hot loop,
/// and the same behaviour on every Linux toolchain).
func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

/// The whole file as text, or nil when it cannot be read.
func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) throws {
    guard let file = fopen(path, "wb") else { throw ChildProcess.Failure(description: "\(path): cannot create: \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
        throw ChildProcess.Failure(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
    }
}

/// `mkdir -p`.
func makeDirectory(_ path: String) throws {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
        prefix += part + "/"
        if mkdir(prefix, 0o755) != 0, errno != EEXIST {
            throw ChildProcess.Failure(description: "\(prefix): cannot create the directory: \(String(cString: strerror(errno)))")
        }
    }
}
