/// Shell completions for `tactus`, written from the commands and their option
/// tables (`tactus help --completion bash|zsh|fish`), so they cannot drift
/// from `--help`: the commands, `report`'s subcommands, and each command's
/// options; anything else completes as a file name.
enum Completion {
    static let shells = ["bash", "zsh", "fish"]

    /// A command's words after `tactus`: `run`, or `report show`.
    struct Entry {
        var words: [String]
        var options: [String]
    }

    /// Every command and subcommand with its options (`--help` included).
    static var entries: [Entry] {
        var entries: [Entry] = []
        for command in Tactus.commands {
            if command == ReportCommand.self {
                for sub in ReportCommand.subcommands {
                    entries.append(Entry(words: ["report", ReportCommand.word(of: sub)], options: names(sub)))
                }
            } else {
                entries.append(Entry(words: [command.name], options: names(command)))
            }
        }
        return entries
    }

    static func names(_ command: any Command.Type) -> [String] {
        command.options.compactMap { $0.synopsis.split(separator: " ").first.map(String.init) } + ["--help"]
    }

    static var commandWords: [String] { Tactus.commands.map { $0.name } + ["help"] }
    static var reportWords: [String] { ReportCommand.subcommands.map { ReportCommand.word(of: $0) } }

    /// The completion script for `shell`, nil for a shell it does not know.
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": bash
        case "zsh": zsh
        case "fish": fish
        default: nil
        }
    }

    static var bash: String {
        var cases = ""
        for entry in entries {
            cases += "        '\(entry.words.joined(separator: " "))') options='\(entry.options.joined(separator: " "))' ;;\n"
        }
        return """
            # bash completion for tactus; written by `tactus help --completion bash`
            _tactus() {
                local current=${COMP_WORDS[COMP_CWORD]} command=${COMP_WORDS[1]:-} options=''
                COMPREPLY=()
                if ((COMP_CWORD == 1)); then
                    COMPREPLY=($(compgen -W '\(commandWords.joined(separator: " ")) --help --version' -- "$current"))
                    return
                fi
                if [[ $command == report ]]; then
                    if ((COMP_CWORD == 2)); then
                        COMPREPLY=($(compgen -W '\(reportWords.joined(separator: " ")) --help' -- "$current"))
                        return
                    fi
                    command="report ${COMP_WORDS[2]}"
                fi
                case $command in
            \(cases)    esac
                if [[ $current == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$current"))
                fi
            }
            complete -o default -F _tactus tactus

            """
    }

    static var zsh: String {
        var cases = ""
        for entry in entries {
            cases += "    '\(entry.words.joined(separator: " "))') options=(\(entry.options.joined(separator: " "))) ;;\n"
        }
        return """
            #compdef tactus
            # zsh completion for tactus; written by `tactus help --completion zsh`
            local command=${words[2]}
            local -a options
            if (( CURRENT == 2 )); then
                compadd -- \(commandWords.joined(separator: " ")) --help --version
                return
            fi
            if [[ $command == report ]]; then
                if (( CURRENT == 3 )); then
                    compadd -- \(reportWords.joined(separator: " ")) --help
                    return
                fi
                command="report ${words[3]}"
            fi
            case $command in
            \(cases)esac
            if [[ $PREFIX == -* ]]; then
                compadd -- $options
            else
                _files
            fi

            """
    }

    static var fish: String {
        var lines = [
            "# fish completion for tactus; written by `tactus help --completion fish`",
            "complete -c tactus -f -n __fish_use_subcommand -a '\(commandWords.joined(separator: " "))'",
            "complete -c tactus -f -n __fish_use_subcommand -l version -d 'Show the version'",
            "complete -c tactus -f -n '__fish_seen_subcommand_from report; and test (count (commandline -opc)) -eq 2' -a '\(reportWords.joined(separator: " "))'",
        ]
        for entry in entries {
            let condition = entry.words.count == 1
                ? "__fish_seen_subcommand_from \(entry.words[0]); and not __fish_seen_subcommand_from report"
                : "__fish_seen_subcommand_from report; and __fish_seen_subcommand_from \(entry.words[1])"
            for option in entry.options {
                lines.append("complete -c tactus -n '\(condition)' -l \(option.dropFirst(2))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
