/// One sounding click: where it lands, what it marks and how loud it is.
public struct ClickEvent: Hashable, Sendable {
    public var frame: Int64
    public var position: GridPosition
    public var level: ClickLevel
}
