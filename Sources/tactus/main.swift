import TactusCore
print("tactus \(TactusVersion.string)")
