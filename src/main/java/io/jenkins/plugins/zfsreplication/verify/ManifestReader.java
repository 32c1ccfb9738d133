package io.jenkins.plugins.zfsreplication.verify;

import java.io.BufferedReader;
import java.io.FilterReader;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;

import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a manifest file by file and chunk by chunk, in constant memory: this tool's manifests and
 * zfs-check output (no header; its parameters must be given). Checks as it goes: well-formed
 * lines, hashes of the right length, chunks ascending, files sorted by path, and the end line that
 * marks a complete manifest.
 */
public final class ManifestReader implements AutoCloseable {
    /** Room to step back over one line of the longest kind. */
    private static final int MARK_LIMIT = 2 * LineLimit.MAX_LINE;
    private final Path source;
    private final BufferedReader in;
    private final ManifestHeader header;
    /** The header's provenance lines; null when it has none (zfs-check output, a file's, an older one's). */
    private Provenance provenance;
    private long lineNumber;
    private String[] peeked;
    private String currentPath;
    private long lastChunk = -1;
    private boolean ended;

    /** A file of one manifest: its path ("" for the file layout) and size, -1 when the manifest has none. */
    public record FileEntry(String path, long size) {
    }

    /** One chunk line. */
    public record Chunk(long index, String hash) {
    }

    /** How the lines were reordered (zfs-check output of a tree in directory order), or null. */
    private final TreeOrder order;

    private ManifestReader(Path source, BufferedReader in, ManifestHeader fallback, TreeOrder order) throws IOException {
        this.source = source;
        this.in = in;
        this.order = order;
        in.mark(MARK_LIMIT);
        String first = readLine();
        if (first != null && first.equals(ManifestHeader.FIRST_LINE)) {
            lineNumber = 1;
            header = readHeader();
        } else {
            in.reset();
            lineNumber = 0;
            header = guessHeader(fallback);
        }
    }

    /**
     * Opens {@code path}. {@code fallback} gives hash, block size and count for a manifest without a
     * header (zfs-check output); it may be null, and is ignored when the manifest has a header.
     */
    public static ManifestReader open(Path path, ManifestHeader fallback) {
        ManifestReader reader = open(path, fallback, null);
        if (reader.header.sized() || reader.header.layout() != ManifestHeader.Layout.TREE) {
            return reader;
        }
        // zfs-check output of a tree: in directory order, read here in path order
        reader.close();
        TreeOrder order = TreeOrder.index(path);
        return order.sorted() ? open(path, fallback, null) : open(path, fallback, order);
    }

    private static ManifestReader open(Path path, ManifestHeader fallback, TreeOrder order) {
        Reader text;
        try {
            text = order == null ? InputFile.open(path, "the manifest").reader()
                    : new InputStreamReader(order.open(), StandardCharsets.UTF_8.newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT));
        } catch (InputFileException e) {
            throw new VerifyException(e, "%s", e.getMessage());
        }
        BufferedReader reader = new BufferedReader(new LineLimit(text), 1 << 16);
        try {
            return new ManifestReader(path, reader, fallback, order);
        } catch (RuntimeException | IOException e) {
            try {
                reader.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new VerifyException(e, "Cannot read the manifest %s: %s", shown(path), e.getMessage());
        }
    }

    public ManifestHeader header() {
        return header;
    }

    /** Which snapshot (GUID) and host the manifest was made of; null when its header does not say. */
    public Provenance provenance() {
        return provenance;
    }

    private ManifestHeader readHeader() throws IOException {
        Map<String, String> values = new HashMap<>();
        in.mark(MARK_LIMIT);
        String line;
        while ((line = in.readLine()) != null && line.startsWith("# ") && !line.startsWith("# size:")
                && !line.startsWith("# end:")) {
            lineNumber++;
            int colon = line.indexOf(": ");
            if (colon < 0) {
                throw malformed(line, "a header line '# key: value'");
            }
            values.put(line.substring(2, colon), line.substring(colon + 2));
            in.mark(MARK_LIMIT);
        }
        in.reset();
        if (values.containsKey(Provenance.GUID_KEY) || values.containsKey(Provenance.HOST_KEY)) {
            provenance = new Provenance(values.get(Provenance.GUID_KEY), values.get(Provenance.HOST_KEY));
        }
        try {
            return new ManifestHeader(Integer.parseInt(required(values, "format")), required(values, "tool"),
                    HashAlgorithm.byName(required(values, "hash")), Long.parseLong(required(values, "block-size")),
                    Long.parseLong(required(values, "count")),
                    ManifestHeader.Layout.valueOf(required(values, "layout").toUpperCase(Locale.ROOT)), true);
        } catch (IllegalArgumentException e) {
            throw new VerifyException("Manifest %s has a malformed header: %s", source, e.getMessage());
        }
    }

    private String required(Map<String, String> values, String key) {
        String value = values.get(key);
        if (value == null) {
            throw new VerifyException("Manifest %s has no '%s' header line: it is damaged or not a manifest", source, key);
        }
        return value;
    }

    private ManifestHeader guessHeader(ManifestHeader fallback) throws IOException {
        if (fallback == null) {
            throw new VerifyException("%s has no zfs-replication manifest header. If it is zfs-check output,"
                    + " give the --hash, --block-size and --count it was made with.", source);
        }
        in.mark(MARK_LIMIT);
        String first = readLine();
        lineNumber = 0;
        in.reset();
        int columns = first == null ? 2 : first.split("\t", -1).length;
        ManifestHeader.Layout layout = columns == 3 ? ManifestHeader.Layout.TREE : ManifestHeader.Layout.FILE;
        return new ManifestHeader(ManifestHeader.FORMAT, "zfs-check", fallback.hash(), fallback.blockSize(),
                fallback.count(), layout, false);
    }

    /** The next file, or null at the end; skips any unread chunks of the current one. */
    public FileEntry nextFile() {
        while (nextChunk() != null) {
            // skip the rest of the current file
        }
        String[] record = peek();
        if (record == null) {
            return null;
        }
        String path = record[0];
        if (currentPath != null && path.compareTo(currentPath) <= 0) {
            throw failure("files are not sorted by path ('%s' after '%s')", path, currentPath);
        }
        currentPath = path;
        lastChunk = -1;
        if (record.length == 2) {
            peeked = null;
            return new FileEntry(path, Long.parseLong(record[1]));
        }
        return new FileEntry(path, -1);
    }

    /** The next chunk of the current file, or null when the file has no more. */
    public Chunk nextChunk() {
        String[] record = peek();
        if (record == null || record.length != 3 || currentPath == null || !record[0].equals(currentPath)) {
            return null;
        }
        peeked = null;
        long index = Long.parseLong(record[1]);
        if (index <= lastChunk) {
            throw failure("chunk %d of '%s' follows chunk %d: chunks must ascend", index, currentPath, lastChunk);
        }
        lastChunk = index;
        return new Chunk(index, record[2]);
    }

    /** The next record: {path, size} or {path, index, hash}; null at the end. */
    private String[] peek() {
        if (peeked == null && !ended) {
            peeked = parse(readLine());
        }
        return peeked;
    }

    private String readLine() {
        try {
            lineNumber++;
            return in.readLine();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw failure("not UTF-8 text: is this a manifest?");
        } catch (LineLimit.TooLong e) {
            throw failure("longer than %d characters: is this a manifest?", LineLimit.MAX_LINE);
        } catch (IOException e) {
            throw new UncheckedIOException("Reading " + source + " failed", e);
        }
    }

    private String[] parse(String first) {
        String line = first;
        // blank lines and zfs-check's comments are skipped in a loop: ten thousand of them are no deeper than one
        while (line != null && (line.isEmpty() || (line.startsWith("#") && !header.sized() && !line.startsWith("# end:")
                && !line.startsWith("# size: ")))) {
            line = readLine();
        }
        if (line == null) {
            ended = true;
            if (header.sized()) {
                throw failure("ends without its '# end:' line: the run that wrote it did not finish");
            }
            return null;
        }
        if (line.startsWith("# end:")) {
            ended = true;
            return null;
        }
        if (line.startsWith("# size: ")) {
            return parseSize(line.substring(8));
        }
        return parseChunk(line);
    }

    private String[] parseSize(String text) {
        String[] parts = text.split("\t", 2);
        boolean tree = header.layout() == ManifestHeader.Layout.TREE;
        if (parts.length != (tree ? 2 : 1) || !isNumber(parts[0])) {
            throw malformed("# size: " + text, tree ? "'# size: BYTES<TAB>PATH'" : "'# size: BYTES'");
        }
        return new String[] {tree ? ManifestPaths.unescape(parts[1]) : "", parts[0]};
    }

    private String[] parseChunk(String line) {
        String[] parts = line.split("\t", -1);
        boolean tree = header.layout() == ManifestHeader.Layout.TREE;
        int columns = tree ? 3 : 2;
        String hash = parts[parts.length - 1];
        if (parts.length != columns || !isNumber(parts[columns - 2]) || !isHash(hash)) {
            throw malformed(line, tree ? "'PATH<TAB>CHUNK<TAB>HASH'" : "'CHUNK<TAB>HASH'");
        }
        return new String[] {tree ? ManifestPaths.unescape(parts[0]) : "", parts[columns - 2], hash};
    }

    private boolean isHash(String text) {
        if (text.length() != header.hashLength()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (Character.digit(text.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNumber(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private VerifyException malformed(String line, String expected) {
        String shown = line.length() > 120 ? line.substring(0, 120) + "..." : line;
        return failure("expected %s (%s hash), found '%s'", expected, header == null ? "?" : header.hash().id(), shown);
    }

    private VerifyException failure(String format, Object... args) {
        return new VerifyException("Malformed manifest %s, line %d: %s", shown(source),
                order == null ? lineNumber : order.originalLine(lineNumber),
                String.format(Locale.ROOT, format, args));
    }

    private static String shown(Path path) {
        return TerminalText.line(path.toString());
    }

    /**
     * Ends a line that never ends (a file of zeros, a binary file) at {@link #MAX_LINE} characters
     * instead of letting readLine() grow it until the heap is gone; counts across bulk reads.
     */
    private static final class LineLimit extends FilterReader {
        /** A manifest line is a path (PATH_MAX 4096 bytes, escaped), a chunk number and a hash. */
        static final int MAX_LINE = 1 << 16;
        private int sinceNewline;

        LineLimit(Reader in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            count(c);
            return c;
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            for (int i = offset; i < offset + n; i++) {
                count(buffer[i]);
            }
            return n;
        }

        private void count(int c) throws TooLong {
            if (c == '\n') {
                sinceNewline = 0;
            } else if (c >= 0 && ++sinceNewline > MAX_LINE) {
                throw new TooLong();
            }
        }

        static final class TooLong extends IOException {
            private static final long serialVersionUID = 1L;

            TooLong() {
                super("a line longer than " + MAX_LINE + " characters: is this a manifest?");
            }
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
