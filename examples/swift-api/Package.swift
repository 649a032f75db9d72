// swift-tools-version:6.0
// A Swift program that uses Sluice as a library: the package depends on this repository by path
// (a program elsewhere would name its URL), and imports the one `Sluice` product.
import PackageDescription

let package = Package(
    name: "swift-api-example",
    dependencies: [.package(name: "Sluice", path: "../..")],
    targets: [
        .executableTarget(name: "swift-api-example", dependencies: [.product(name: "Sluice", package: "Sluice")])
    ]
)
