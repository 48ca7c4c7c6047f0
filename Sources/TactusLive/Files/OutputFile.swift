import Foundation

/// Every file tactus writes (`--out`, `--report`, `--truth`, pedal maps,
/// calibrations, the practice state), written according to what is at the
/// path:
/// - nothing, or a regular file: bytes go to a temporary file in the same
///   directory, which replaces the file (by rename, keeping its permission
///   bits) only on `commit()` — the file is written in full or not at all;
/// - a symbolic link: the same, for the file the link points to; the link stays;
/// - standard output (`-`, `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`,
///   or a link leading there): written to the open descriptor as it is —
///   at its offset, appending when it was opened to append — and never
///   replaced, whatever it is (a pipe, a terminal, `>> app.log`);
/// - a character device, FIFO or socket (`/dev/null`, a pipe someone
///   reads): written to directly, never replaced;
/// - a directory or block device: an error, nothing written.
///
/// The temporary file is removed when the value goes away uncommitted, and
/// by `TemporaryFiles` when SIGINT, SIGTERM or SIGHUP would end the process.
public struct OutputFile: ~Copyable {
    let path: String
    /// The temporary file being written, nil when writing directly.
    let temporaryPath: String?
    /// Where the temporary file goes on `commit()`.
    private let destination: String
    private let descriptor: Int32
    /// False for a descriptor the process was given (standard output), which stays open.
    private let ownsDescriptor: Bool
    private var committed = false

    public init(path: String) throws(FileSystem.Failure) {
        let opened = try OutputFile.open(path)
        self.path = path
        destination = opened.destination
        temporaryPath = opened.temporaryPath
        descriptor = opened.descriptor
        ownsDescriptor = opened.owned
    }

    /// The descriptor to write to, where it goes, through which temporary
    /// file, and whether it is ours to close.
    private static func open(_ path: String) throws(FileSystem.Failure) -> (destination: String, temporaryPath: String?, descriptor: Int32, owned: Bool) {
        switch try target(of: path) {
        case .replace(let target, let mode):
            let temporary = temporaryPath(for: target)
            TemporaryFiles.register(temporary)
            let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                let code = errno
                TemporaryFiles.unregister(temporary)
                throw cannotCreate(beside: target, replacing: mode != nil, errno: code)
            }
            if let mode { fchmod(descriptor, mode) }
            return (target, temporary, descriptor, true)
        case .direct(let target):
            return (target, nil, try openDirectly(target), true)
        case .descriptor(let descriptor):
            return (path, nil, descriptor, false)
        }
    }

    /// `.name.<pid>.tmp` beside `target`.
    static func temporaryPath(for target: String) -> String {
        FileSystem.path(".\(FileSystem.fileName(of: target)).\(getpid()).tmp", relativeTo: FileSystem.directory(of: target))
    }

    /// Why no temporary file could be made beside `target`: the system's
    /// reason when its folder is missing, else what that means for the file
    /// (`/proc/version`: its folder takes no new files).
    static func cannotCreate(beside target: String, replacing: Bool, errno code: Int32) -> FileSystem.Failure {
        let folder = FileSystem.directory(of: target) ?? "."
        guard FileSystem.isDirectory(folder) else { return FileSystem.Failure(errno: code) }
        let why = code == ENOENT ? "\(folder) takes no new files" : "\(folder) is not writable (\(String(cString: strerror(code))))"
        return FileSystem.Failure(reason: replacing
            ? "cannot be replaced: \(why), and tactus writes the new file beside it before renaming it"
            : "cannot be created: \(why)")
    }

    /// Writes all of `bytes`, or throws (`No space left on device`).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileSystem.Failure) {
        try FileSystem.write(bytes, to: descriptor)
    }

    public func write(_ bytes: [UInt8]) throws(FileSystem.Failure) {
        try FileSystem.write(bytes, to: descriptor)
    }

    /// Flushes the data to disk and puts the file in place (a direct write
    /// is only flushed: a device or pipe may not sync).
    public mutating func commit() throws(FileSystem.Failure) {
        guard let temporaryPath else {
            committed = true
            return
        }
        guard fsync(descriptor) == 0 else { throw FileSystem.Failure(errno: errno) }
        guard rename(temporaryPath, destination) == 0 else { throw FileSystem.Failure(errno: errno) }
        TemporaryFiles.unregister(temporaryPath)
        committed = true
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        if !committed, let temporaryPath {
            unlink(temporaryPath)
            TemporaryFiles.unregister(temporaryPath)
        }
    }

    /// Writes `bytes` to `path` in one go, as above.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileSystem.Failure) {
        var file = try OutputFile(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// Bytes made a chunk at a time: the function hands each chunk to the
    /// one it is given (a report's `writeJSON`, say).
    public typealias Chunks = ((UnsafeRawBufferPointer) throws -> Void) throws -> Void

    /// Writes the bytes `produce` hands over to `path`, as above: nothing is
    /// put in place when it throws, and what it throws passes through.
    public static func write(to path: String, _ produce: Chunks) throws {
        var file = try OutputFile(path: path)
        try produce { chunk in try file.write(chunk) }
        try file.commit()
    }

    /// How a path is written.
    enum Target: Equatable {
        /// Atomically, through a temporary file that replaces `path`; `mode`
        /// is the permission bits of the file replaced, if there is one.
        case replace(String, mode: mode_t?)
        /// Straight into what is there (a device, FIFO or socket).
        case direct(String)
        /// Into a descriptor the process was given open (standard output).
        case descriptor(Int32)

        /// Whether writing leaves a file of its own at the path (a report's
        /// journal belongs beside it only then).
        var isFile: Bool {
            if case .replace = self { return true }
            return false
        }
    }

    /// What writing `path` means, following symbolic links; a directory, a
    /// block device or a loop of links is an error.
    static func target(of path: String) throws(FileSystem.Failure) -> Target {
        var current = path
        for _ in 0..<40 {
            if let descriptor = openDescriptor(named: current) {
                return .descriptor(try writable(descriptor))
            }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                guard errno == ENOENT else { throw FileSystem.Failure(errno: errno) }
                return .replace(current, mode: nil)
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                return .replace(current, mode: status.st_mode & 0o7777)
            case S_IFLNK:
                current = try linkTarget(current)
            case S_IFCHR, S_IFIFO, S_IFSOCK:
                return .direct(current)
            case S_IFDIR:
                throw FileSystem.Failure(reason: "is a directory; give a file name")
            case S_IFBLK:
                throw FileSystem.Failure(reason: "is a block device; tactus does not write to disks directly")
            default:
                throw FileSystem.Failure(reason: "is not a file tactus can write")
            }
        }
        throw FileSystem.Failure(errno: ELOOP)
    }

    /// The descriptor `path` names: 1 for `-` and `/dev/stdout`, 2 for
    /// `/dev/stderr`, N for `/dev/fd/N` and `/proc/self/fd/N` (these are
    /// links the kernel makes to whatever the descriptor holds, which may be
    /// a pipe or a file opened to append: never a name to replace).
    static func openDescriptor(named path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return 1
        case "/dev/stderr": return 2
        case "/dev/stdin": return 0
        default: break
        }
        for folder in ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(folder) {
            let number = path.dropFirst(folder.count)
            guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) else { return nil }
            return Int32(number)
        }
        return nil
    }

    /// The descriptor `path` names, directly or through links, whether or
    /// not it is open.
    static func descriptor(namedBy path: String) -> Int32? {
        var current = path
        for _ in 0..<40 {
            if let descriptor = openDescriptor(named: current) { return descriptor }
            guard let next = try? linkTarget(current) else { return nil }
            current = next
        }
        return nil
    }

    /// `descriptor`, when it is open for writing.
    private static func writable(_ descriptor: Int32) throws(FileSystem.Failure) -> Int32 {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else {
            throw FileSystem.Failure(reason: "descriptor \(descriptor) is not open\(descriptor == 1 ? " (standard output is closed)" : "")")
        }
        guard flags & O_ACCMODE != O_RDONLY else {
            throw FileSystem.Failure(reason: "descriptor \(descriptor) is open only for reading")
        }
        return descriptor
    }

    /// Where the symbolic link at `path` points, relative to its directory.
    private static func linkTarget(_ path: String) throws(FileSystem.Failure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw FileSystem.Failure(errno: errno) }
        let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return FileSystem.path(link, relativeTo: FileSystem.directory(of: path))
    }

    /// Opens a device or FIFO for writing (a FIFO waits for its reader,
    /// saying so), or connects to a Unix socket.
    private static func openDirectly(_ path: String) throws(FileSystem.Failure) -> Int32 {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK {
            return try connectSocket(path)
        }
        if status.st_mode & S_IFMT == S_IFIFO {
            let ready = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if ready >= 0 {
                _ = fcntl(ready, F_SETFL, fcntl(ready, F_GETFL) & ~O_NONBLOCK)
                return ready
            }
            guard errno == ENXIO else { throw FileSystem.Failure(errno: errno) }
            FileHandle.standardError.write(Data("tactus: \(path) is a FIFO; waiting for a program to read it\n".utf8))
        }
        while true {
            let descriptor = Glibc.open(path, O_WRONLY | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw FileSystem.Failure(errno: errno) }
        }
    }

    /// A stream connection to the Unix socket at `path`.
    private static func connectSocket(_ path: String) throws(FileSystem.Failure) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw FileSystem.Failure(errno: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            close(descriptor)
            throw FileSystem.Failure(reason: "socket path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw FileSystem.Failure(errno: code)
        }
        return descriptor
    }
}
