#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SluiceBench

exit(BenchCommand.main(Array(CommandLine.arguments.dropFirst())))
