// The sample launcher: `swift run sample-launcher --help`.
import Foundation
import SampleKit

let code = MainActor.assumeIsolated { Launcher.main(arguments: Array(CommandLine.arguments.dropFirst())) }
exit(code)
