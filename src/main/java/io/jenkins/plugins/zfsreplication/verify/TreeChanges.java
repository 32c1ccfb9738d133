package io.jenkins.plugins.zfsreplication.verify;

import java.io.ByteArrayOutputStream;
import io.jenkins.plugins.zfsreplication.text.FileNames;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What changed in a file system between two of its snapshots, as {@code zfs diff -H -F} reports
 * it, in the terms an incremental verify needs. {@code zfs diff} reports changed objects, not
 * names: a renamed directory is one line (its files are not listed), a file is named once even when
 * it has several links, and a removed link of a file that still exists is not named at all. So:
 *
 * <ul>
 *   <li>{@code removed}: paths of the earlier snapshot that are gone;</li>
 *   <li>{@code renamedFiles} and {@code renamedDirectories}: earlier path to later path (what lies
 *       below a renamed directory moves with it);</li>
 *   <li>{@code changed}: paths of the later snapshot whose content must be read again (created,
 *       modified, or renamed, since a renamed file may also have been written);</li>
 *   <li>{@code modified}: those of them that are the same file as before, written in place (the
 *       earlier manifest has their earlier lines, under the earlier path {@link #earlierPath}
 *       gives);</li>
 *   <li>{@code unsupported}: why the change cannot be followed name by name (a link count changed),
 *       or null. Then only a full verify gives the right manifest.</li>
 * </ul>
 * All paths are relative to the file system's root, '/'-separated, as a tree manifest lists them.
 */
public record TreeChanges(Set<String> removed, Map<String, String> renamedFiles, Map<String, String> renamedDirectories,
                   NavigableSet<String> changed, NavigableSet<String> modified, String unsupported) {
    public TreeChanges {
        removed = Collections.unmodifiableSet(new TreeSet<>(removed));
        renamedFiles = Collections.unmodifiableMap(new TreeMap<>(renamedFiles));
        renamedDirectories = Collections.unmodifiableMap(new TreeMap<>(renamedDirectories));
        changed = Collections.unmodifiableNavigableSet(new TreeSet<>(changed));
        modified = Collections.unmodifiableNavigableSet(new TreeSet<>(modified));
    }

    /**
     * Reads {@code zfs diff -H -F} output whose paths start with {@code mountPoint} (where the file
     * system is mounted, as zfs diff prints it). Every line is checked; one that is not of the
     * documented form ends the parse with an error naming it.
     */
    static TreeChanges parse(String output, String mountPoint) {
        String prefix = mountPoint.endsWith("/") ? mountPoint : mountPoint + "/";
        Set<String> removed = new TreeSet<>();
        Map<String, String> renamedFiles = new TreeMap<>();
        Map<String, String> renamedDirectories = new TreeMap<>();
        NavigableSet<String> changed = new TreeSet<>();
        NavigableSet<String> modified = new TreeSet<>();
        String unsupported = null;
        int number = 0;
        for (String line : output.split("\n", -1)) {
            number++;
            if (line.isEmpty()) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            if (fields.length < 3 || fields[0].length() != 1 || fields[1].length() != 1) {
                throw malformed(number, line, "expected CHANGE<TAB>TYPE<TAB>PATH");
            }
            char change = fields[0].charAt(0);
            boolean file = fields[1].charAt(0) == 'F';
            boolean directory = fields[1].charAt(0) == '/';
            if ("BC/>|@P=F".indexOf(fields[1].charAt(0)) < 0) {
                throw malformed(number, line, "unknown file type '" + fields[1] + "'");
            }
            String path = relative(fields[2], prefix, number, line);
            switch (change) {
                case '-':
                    expectFields(fields, 3, number, line);
                    if (file) {
                        removed.add(path);
                    }
                    break;
                case '+':
                    expectFields(fields, 3, number, line);
                    if (file) {
                        changed.add(path);
                    }
                    break;
                case 'M':
                    if (fields.length == 4) {
                        // "(+1)"/"(-1)": a link added or removed; the other name is not reported
                        if (!fields[3].matches("\\([+-][0-9]+\\)")) {
                            throw malformed(number, line, "expected a link count change such as (+1)");
                        }
                        if (unsupported == null) {
                            unsupported = "the link count of " + path + " changed " + fields[3]
                                    + " and zfs diff does not name the other link";
                        }
                    } else {
                        expectFields(fields, 3, number, line);
                    }
                    if (file) {
                        changed.add(path);
                        modified.add(path);
                    }
                    break;
                case 'R':
                    expectFields(fields, 4, number, line);
                    String to = relative(fields[3], prefix, number, line);
                    if (directory) {
                        renamedDirectories.put(path, to);
                    } else if (file) {
                        renamedFiles.put(path, to);
                        changed.add(to);
                    } else {
                        // a link or special file: never in a manifest, but it may take the name of a file
                        removed.add(path);
                    }
                    break;
                default:
                    throw malformed(number, line, "unknown change '" + fields[0] + "'");
            }
        }
        // a name both written in place and the target of a rename (or created) is another file now
        modified.removeAll(renamedFiles.values());
        return new TreeChanges(removed, renamedFiles, renamedDirectories, changed, modified, unsupported);
    }

    /**
     * Where an earlier snapshot's file is in the later one, or null when it is gone or must be read
     * again (the later manifest then lists it, if at all, from a fresh read).
     */
    String follow(String earlier) {
        String later = laterPath(earlier);
        return later == null || changed.contains(later) ? null : later;
    }

    /**
     * The later path of an earlier file that was {@link #modified} in place, or null when it is
     * not one: its earlier lines are the base a read of the changed chunks builds on.
     */
    String modifiedPath(String earlier) {
        String later = laterPath(earlier);
        return later != null && modified.contains(later) ? later : null;
    }

    /** Where an earlier file's name is in the later snapshot (directory renames applied), or null when it went. */
    private String laterPath(String earlier) {
        if (removed.contains(earlier) || renamedFiles.containsKey(earlier)) {
            return null;
        }
        String later = earlier;
        // the deepest renamed directory above the file decides: zfs diff gives each renamed
        // directory's later path in full, nested renames included
        for (int slash = earlier.lastIndexOf('/'); slash > 0; slash = earlier.lastIndexOf('/', slash - 1)) {
            String moved = renamedDirectories.get(earlier.substring(0, slash));
            if (moved != null) {
                later = moved + earlier.substring(slash);
                break;
            }
        }
        return later;
    }

    private static void expectFields(String[] fields, int count, int number, String line) {
        if (fields.length != count) {
            throw malformed(number, line, "expected " + count + " tab-separated fields");
        }
    }

    private static String relative(String escaped, String prefix, int number, String line) {
        String path = unescape(escaped, number, line);
        if (path.equals(prefix) || path.equals(prefix.substring(0, prefix.length() - 1))) {
            return "";
        }
        if (!path.startsWith(prefix)) {
            throw malformed(number, line, "the path is not below the mount point " + prefix);
        }
        String relative = path.substring(prefix.length());
        for (String component : relative.split("/", -1)) {
            if (component.isEmpty() || component.equals(".") || component.equals("..")) {
                throw malformed(number, line, "the path has an empty, '.' or '..' component");
            }
        }
        return relative;
    }

    /**
     * zfs diff writes bytes outside '!'..'~', and the backslash, as a backslash and four octal
     * digits; the bytes are a name as the file system holds it, UTF-8 or not.
     */
    static String unescape(String text, int number, String line) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                if (i + 5 > text.length()) {
                    throw malformed(number, line, "a backslash not followed by four octal digits");
                }
                String octal = text.substring(i + 1, i + 5);
                if (!octal.matches("[0-3][0-7]{3}")) {
                    throw malformed(number, line, "a backslash not followed by four octal digits");
                }
                int value = Integer.parseInt(octal, 8);
                if (value > 0377) {
                    throw malformed(number, line, "an escaped byte above 0377");
                }
                bytes.write(value);
                i += 4;
            } else if (c < 0x20 || c > 0x7e) {
                throw malformed(number, line, "an unescaped control or non-ASCII character");
            } else {
                bytes.write(c);
            }
        }
        // decoded as the tree's walk decodes names, so a name that is not UTF-8 is the same string in both
        byte[] path = bytes.toByteArray();
        return FileNames.decode(path, 0, path.length);
    }

    private static VerifyException malformed(int number, String line, String what) {
        return new VerifyException("zfs diff printed an unexpected line %d (%s): '%s'", number, what,
                io.jenkins.plugins.zfsreplication.text.TerminalText.line(line));
    }
}
