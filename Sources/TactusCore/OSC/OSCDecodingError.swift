/// Why a datagram is not an OSC packet tactus reads: what is wrong and the
/// byte offset where it was found.
public struct OSCDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The packet's length is not a multiple of 4 (or is 0).
        case misaligned
        /// Neither `/` (a message) nor `#bundle` at the start.
        case notAPacket
        /// A string with no terminating zero before the end.
        case unterminatedString
        /// The bytes end inside an argument, a size or a time tag.
        case truncated
        /// The type tag string does not start with `,`.
        case missingTypeTags
        /// A type tag other than i, f, s, T and F.
        case unsupportedTypeTag(UInt8)
        /// A string that is not UTF-8.
        case invalidText
        /// A bundle element whose size is not a positive multiple of 4 within the bundle.
        case badElementSize(Int32)
        /// Bytes after a message's last argument.
        case trailingBytes
        /// Bundles nested deeper than `OSCPacket.maximumDepth`.
        case nestedTooDeep
    }

    public var kind: Kind
    public var offset: Int

    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    public var description: String {
        let what: String
        switch kind {
        case .misaligned: what = "packet length is not a multiple of 4"
        case .notAPacket: what = "not an OSC message or bundle"
        case .unterminatedString: what = "string without its terminating zero"
        case .truncated: what = "packet ends inside a value"
        case .missingTypeTags: what = "no type tag string"
        case .unsupportedTypeTag(let tag):
            let shown = (0x21...0x7E).contains(tag) ? "'\(Character(Unicode.Scalar(tag)))'" : "byte \(tag)"
            what = "type tag \(shown) is not one of i, f, s, T, F"
        case .invalidText: what = "string is not UTF-8"
        case .badElementSize(let size): what = "bundle element size \(size) is not a positive multiple of 4 within the bundle"
        case .trailingBytes: what = "bytes after the message's last argument"
        case .nestedTooDeep: what = "bundles nested more than \(OSCPacket.maximumDepth) deep"
        }
        return "\(what) (byte \(offset))"
    }
}
