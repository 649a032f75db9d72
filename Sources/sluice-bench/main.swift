import SluiceBench

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(BenchCommand.main(Array(CommandLine.arguments.dropFirst())))
