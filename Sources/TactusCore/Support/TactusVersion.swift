/// The version tactus reports in `--version` and in every report.
public enum TactusVersion {
    public static let string = "0.1.0"
}
