package io.jenkins.plugins.zfsreplication.zfs;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The usage text that {@code zfs -?} prints: one tab-indented synopsis per command (continuation
 * lines are indented further). Every ZFS since Solaris prints it, and each version lists the
 * flags it knows, which makes it the one probe that works on old and new ZFS alike.
 */
final class UsageText {
    /** A short option: "-" and letters, not preceded by "-" or a word character (skips "--redact"). */
    private static final Pattern SHORT_OPTIONS = Pattern.compile("(?<![-\\w])-([A-Za-z]+)");

    private final Map<String, Set<Character>> flagsByCommand;
    private final Map<String, String> synopsisByCommand;

    private UsageText(Map<String, Set<Character>> flagsByCommand, Map<String, String> synopsisByCommand) {
        this.flagsByCommand = flagsByCommand;
        this.synopsisByCommand = synopsisByCommand;
    }

    static UsageText parse(String text) {
        Map<String, Set<Character>> flags = new HashMap<>();
        Map<String, String> synopses = new HashMap<>();
        String command = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("\t    ") || line.startsWith("\t\t")) {
                if (command != null) {
                    addFlags(flags.get(command), line);
                    synopses.merge(command, line.strip(), (a, b) -> a + " " + b);
                }
            } else if (line.startsWith("\t") && !line.isBlank()) {
                String synopsis = line.strip();
                int space = synopsis.indexOf(' ');
                command = space < 0 ? synopsis : synopsis.substring(0, space);
                Set<Character> commandFlags = flags.computeIfAbsent(command, c -> new HashSet<>());
                addFlags(commandFlags, synopsis.substring(command.length()));
                synopses.merge(command, synopsis, (a, b) -> a + "\n" + b);
            } else {
                command = null;
            }
        }
        return new UsageText(flags, synopses);
    }

    private static void addFlags(Set<Character> target, String synopsis) {
        Matcher matcher = SHORT_OPTIONS.matcher(synopsis);
        while (matcher.find()) {
            for (char flag : matcher.group(1).toCharArray()) {
                target.add(flag);
            }
        }
    }

    boolean hasCommand(String command) {
        return flagsByCommand.containsKey(command);
    }

    /** The command's synopsis lines, joined; "" for an unknown command. */
    String synopsis(String command) {
        return synopsisByCommand.getOrDefault(command, "");
    }

    boolean hasFlags(String command, String flags) {
        Set<Character> known = flagsByCommand.getOrDefault(command, Set.of());
        return flags.chars().allMatch(flag -> known.contains((char) flag));
    }
}
