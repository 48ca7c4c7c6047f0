import Dispatch
import Foundation
import Synchronization

/// SIGINT, SIGTERM and SIGHUP turned into a flag the control loop checks: the
/// signals are ignored at the process level and delivered to a dispatch
/// source, whose handler records which one came and wakes the loop.
public final class SignalWatch: Sendable {
    private let received = Atomic<Int32>(0)
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    public init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                self?.received.store(number, ordering: .releasing)
                self?.wake.withLock { $0 }?()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Calls `action` (on a dispatch queue) after each signal from now on.
    public func onSignal(_ action: @escaping @Sendable () -> Void) {
        wake.withLock { $0 = action }
    }

    /// The last signal received, if any.
    public var receivedSignal: Int32? {
        let number = received.load(ordering: .acquiring)
        return number == 0 ? nil : number
    }

    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}
