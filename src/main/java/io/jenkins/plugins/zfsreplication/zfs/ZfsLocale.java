package io.jenkins.plugins.zfsreplication.zfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * zfs and zpool run in the C locale wherever their text is read: what they print on stderr
 * ("dataset does not exist") and their usage text (the capability probe) are matched in English,
 * and a translated message would turn a missing dataset into a failure, or a feature into one that
 * is missing. Locally through the process environment, on another host through {@code env}.
 */
public final class ZfsLocale {
    /** The variable and its value: LC_ALL overrides LANG and every LC_* the user may have set. */
    public static final String VARIABLE = "LC_ALL";
    public static final String VALUE = "C";

    private ZfsLocale() {
    }

    /** True when {@code command} runs zfs or zpool (by name or path). */
    public static boolean readsZfsText(List<String> command) {
        if (command.isEmpty()) {
            return false;
        }
        String program = command.get(0);
        String name = program.substring(program.lastIndexOf('/') + 1);
        return name.equals("zfs") || name.equals("zpool");
    }

    /** Sets the C locale in {@code environment} (a ProcessBuilder's) when {@code command} is zfs or zpool. */
    public static void apply(List<String> command, Map<String, String> environment) {
        if (readsZfsText(command)) {
            environment.put(VARIABLE, VALUE);
        }
    }

    /** {@code command} as another host runs it: {@code env LC_ALL=C zfs ...} for zfs and zpool, else itself. */
    public static List<String> remote(List<String> command) {
        if (!readsZfsText(command)) {
            return command;
        }
        List<String> argv = new ArrayList<>(List.of("env", VARIABLE + "=" + VALUE));
        argv.addAll(command);
        return List.copyOf(argv);
    }
}
