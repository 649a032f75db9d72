// Fuzz target `json-array`: sluice-fetch's streaming reader of a top-level JSON array. Each
// element it hands over must be one whole JSON value, and an input that parses as an array must
// stream as exactly its elements.
@testable import SluiceCore
@testable import SluiceFetch

#if canImport(Glibc)
    import Glibc
#endif

let emptyInput = open("/dev/null", O_RDONLY)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONArray(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = JSONArrayReader(fd: emptyInput, prefix: bytes)
    var elements: [JSONValue] = []
    var complete = true
    do {
        try reader.forEachElement { element, _, _ in
            guard let value = try? JSONParser.parse(element) else { throw JSONArrayReader.Failure(line: 0, message: "not a value") }
            elements.append(value)
        }
    } catch {
        complete = false
    }
    if case .array(let expected)? = try? JSONParser.parse(bytes) {
        precondition(complete, "a JSON array that does not stream")
        precondition(elements == expected, "streamed elements differ from the array's")
    }
    return 0
}
