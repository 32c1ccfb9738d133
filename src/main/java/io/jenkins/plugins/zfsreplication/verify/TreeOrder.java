package io.jenkins.plugins.zfsreplication.verify;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.jenkins.plugins.zfsreplication.files.InputFile;

/**
 * zfs-check lists a tree in directory order (os.walk), each file's chunks together; a comparison
 * reads both sides in path order. This indexes such output in one pass (one entry per file: where
 * its lines start and end, not the lines themselves), sorts the index by path and serves the
 * file's bytes group by group in path order, so zfs-check output is compared as zfs-check wrote
 * it, in memory proportional to the number of files, not of chunks. Error messages keep the
 * original line numbers ({@link #originalLine}).
 */
final class TreeOrder {
    /** Longer lines are not zfs-check output (and would otherwise grow without bound, e.g. /dev/zero). */
    static final int MAX_LINE = 1 << 16;

    private final Path source;
    private final List<Group> groups;
    private final boolean sorted;

    /** The lines of one file of the listing: bytes {@code [start, end)}, first line number, line count. */
    private record Group(String path, long start, long end, long firstLine, long lines) {
    }

    private TreeOrder(Path source, List<Group> groups, boolean sorted) {
        this.source = source;
        this.groups = groups;
        this.sorted = sorted;
    }

    /** Indexes {@code source}, a regular file of {@code path<TAB>chunk<TAB>hash} lines. */
    static TreeOrder index(Path source) {
        if (!Files.isRegularFile(source, LinkOption.NOFOLLOW_LINKS)) {
            throw new VerifyException("%s: zfs-check output is read in its own order only from a regular file;"
                    + " save it to a file first", source);
        }
        List<Group> groups = new ArrayList<>();
        InputFile file;
        try {
            file = InputFile.open(source, "the manifest");
        } catch (io.jenkins.plugins.zfsreplication.files.InputFileException e) {
            throw new VerifyException(e, "%s", e.getMessage());
        }
        try (InputStream in = new BufferedInputStream(file.stream(), 1 << 16)) {
            byte[] line = new byte[256];
            byte[] groupKey = null;
            int groupKeyLength = 0;
            long offset = 0;
            long lineNumber = 0;
            long groupStart = 0;
            long groupLine = 1;
            String groupPath = null;
            while (true) {
                int length = 0;
                int b;
                while ((b = in.read()) >= 0 && b != '\n') {
                    if (length == line.length) {
                        if (length >= MAX_LINE) {
                            throw new VerifyException("Malformed manifest %s, line %d: longer than %d bytes: is this"
                                    + " zfs-check output?", source, lineNumber + 1, MAX_LINE);
                        }
                        line = Arrays.copyOf(line, length * 2);
                    }
                    line[length++] = (byte) b;
                }
                if (b < 0 && length == 0) {
                    break;
                }
                lineNumber++;
                int tab = indexOf(line, length, (byte) '\t');
                // comments and blank lines stay with the file before them (at the start: a group of their own)
                boolean filler = length == 0 || line[0] == '#';
                boolean sameGroup = groupPath != null && (filler
                        || (tab >= 0 && tab == groupKeyLength && Arrays.equals(line, 0, tab, groupKey, 0, tab)));
                if (!sameGroup && !(groupPath == null && filler)) {
                    if (groupPath != null) {
                        groups.add(new Group(groupPath, groupStart, offset, groupLine, lineNumber - groupLine));
                    } else if (offset > 0) {
                        groups.add(new Group("", 0, offset, 1, lineNumber - 1));
                    }
                    int keyLength = tab < 0 ? length : tab;
                    groupKey = Arrays.copyOf(line, keyLength);
                    groupKeyLength = tab < 0 ? -1 : keyLength;
                    groupPath = ManifestPaths.unescape(decode(source, lineNumber, line, keyLength));
                    groupStart = offset;
                    groupLine = lineNumber;
                }
                offset += length + (b < 0 ? 0 : 1);
                if (b < 0) {
                    break;
                }
            }
            if (groupPath != null) {
                groups.add(new Group(groupPath, groupStart, offset, groupLine, lineNumber + 1 - groupLine));
            } else if (offset > 0) {
                groups.add(new Group("", 0, offset, 1, lineNumber));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Reading " + source + " failed", e);
        }
        boolean sorted = true;
        for (int i = 1; i < groups.size() && sorted; i++) {
            sorted = groups.get(i - 1).path().compareTo(groups.get(i).path()) < 0;
        }
        if (!sorted) {
            groups.sort((a, b) -> a.path().compareTo(b.path()));
            for (int i = 1; i < groups.size(); i++) {
                if (groups.get(i - 1).path().equals(groups.get(i).path())) {
                    throw new VerifyException("Malformed manifest %s: '%s' is listed in two places (lines %d and %d);"
                            + " zfs-check lists each file's chunks together", source, groups.get(i).path(),
                            Math.min(groups.get(i - 1).firstLine(), groups.get(i).firstLine()),
                            Math.max(groups.get(i - 1).firstLine(), groups.get(i).firstLine()));
                }
            }
        }
        return new TreeOrder(source, groups, sorted);
    }

    private static int indexOf(byte[] bytes, int length, byte wanted) {
        for (int i = 0; i < length; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private static String decode(Path source, long lineNumber, byte[] bytes, int length) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, length)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new VerifyException("Malformed manifest %s, line %d: not UTF-8 text: is this a manifest?", source, lineNumber);
        }
    }

    /** True when the files were already in path order. */
    boolean sorted() {
        return sorted;
    }

    /** The file's bytes, file by file in path order (a newline added after a last line without one). */
    InputStream open() {
        try {
            return new GroupStream(FileChannel.open(source, StandardOpenOption.READ));
        } catch (IOException e) {
            throw new VerifyException(e, "Cannot read the manifest %s: %s", source, e.getMessage());
        }
    }

    /** The line number in the file of the {@code line}-th line served by {@link #open()} (1-based). */
    long originalLine(long line) {
        long seen = 0;
        for (Group group : groups) {
            if (line <= seen + group.lines()) {
                return group.firstLine() + (line - seen - 1);
            }
            seen += group.lines();
        }
        return line;
    }

    private final class GroupStream extends InputStream {
        private final FileChannel channel;
        private int group = -1;
        private long position;
        private long end;
        private boolean newlinePending;

        GroupStream(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] target, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            while (position == end) {
                if (newlinePending) {
                    newlinePending = false;
                    target[offset] = '\n';
                    return 1;
                }
                if (++group >= groups.size()) {
                    return -1;
                }
                Group next = groups.get(group);
                position = next.start();
                end = next.end();
                newlinePending = end > position && lastByte(end) != '\n';
            }
            int n = channel.read(ByteBuffer.wrap(target, offset, (int) Math.min(length, end - position)), position);
            if (n < 0) {
                throw new IOException(source + " changed while being read");
            }
            position += n;
            return n;
        }

        private byte lastByte(long at) throws IOException {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, at - 1);
            return one.get(0);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
