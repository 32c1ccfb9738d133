package io.jenkins.plugins.zfsreplication.zfs;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * A one-call listing as zfs printed it, deflated: what one host hands another so that the other
 * plans against it without running zfs there. Names repeat the dataset in every snapshot line and
 * the get form repeats the name once per property, so the text deflates to a small fraction
 * (docs/benchmarks.md: 1,000 datasets x 1,000 snapshots). It is deflated as zfs prints it and
 * inflated as it is parsed, so a listing of gigabytes is never one string on either host.
 */
public final class ListingText implements Serializable {
    private static final long serialVersionUID = 3L;
    /** Far above 10,000 x 1,000 snapshots deflated; a bound on what another host may make us allocate. */
    private static final int MAX_DEFLATED = 1 << 30;
    /** What no text at all deflates to: an empty listing. */
    private static final int EMPTY_LENGTH = deflate(new ByteArrayInputStream(new byte[0])).length;
    private final String host;
    private final boolean listForm;
    private final List<String> extraProperties;
    private final byte[] deflated;
    /** Why the listed root could not be read (its pool or parent is missing); null when it could. */
    private final String unreadable;
    /** The listing host's clock when it listed, where the listing came from another host; null when not known. */
    private final HostTime hostTime;

    private ListingText(String host, boolean listForm, List<String> extraProperties, byte[] deflated) {
        this(host, listForm, extraProperties, deflated, null, null);
    }

    private ListingText(String host, boolean listForm, List<String> extraProperties, byte[] deflated,
                        String unreadable, HostTime hostTime) {
        this.host = Objects.requireNonNull(host, "host");
        this.listForm = listForm;
        this.extraProperties = List.copyOf(extraProperties);
        this.deflated = deflated;
        this.unreadable = unreadable;
        this.hostTime = hostTime;
    }

    ListingText(String host, boolean listForm, List<String> extraProperties, String output) {
        this(host, listForm, extraProperties, deflate(new ByteArrayInputStream(output.getBytes(StandardCharsets.UTF_8))));
    }

    /** Deflates zfs's output as it arrives ({@link CommandRunner#stream}). */
    static ListingText read(String host, boolean listForm, List<String> extraProperties, InputStream output) {
        return new ListingText(host, listForm, extraProperties, deflate(output));
    }

    /**
     * A listing zfs printed elsewhere: {@code zfs list -Hp -t all -o name,<core>,<extra>} when
     * {@code listForm}, else {@code zfs get -Hp -o name,property,value} (see {@link Zfs#parseListing}).
     */
    public static ListingText of(String host, boolean listForm, List<String> extraProperties, String output) {
        extraProperties.forEach(Zfs::checkPropertyName);
        return new ListingText(host, listForm, extraProperties, output);
    }

    /** No objects: the listed root does not exist (yet) on {@code host}, where its parent does. */
    public static ListingText empty(String host, List<String> extraProperties) {
        return new ListingText(host, false, extraProperties, "");
    }

    /**
     * No objects, because the listed root cannot be read: its pool or its parent is missing on
     * {@code host}. Not "nothing there yet": whatever depends on it must not be decided.
     *
     * @param problem what is missing, for messages
     */
    public static ListingText unreadable(String host, List<String> extraProperties, String problem) {
        return new ListingText(host, false, extraProperties, deflate(new ByteArrayInputStream(new byte[0])),
                Objects.requireNonNull(problem, "problem"), null);
    }

    /** The same text under another host name (e.g. the Jenkins agent it came from). */
    public ListingText withHost(String newHost) {
        return new ListingText(newHost, listForm, extraProperties, deflated, unreadable,
                hostTime == null ? null : new HostTime(newHost, hostTime.time()));
    }

    /**
     * The same text with the listing host's clock when it listed ({@code time}): carried to the host
     * that prunes, where it witnesses that host's clock ({@link HostTime}).
     */
    public ListingText withHostTime(java.time.Instant time) {
        return new ListingText(host, listForm, extraProperties, deflated, unreadable, new HostTime(host, time));
    }

    /** The listing host's clock when it listed, where it was recorded. */
    public java.util.Optional<HostTime> hostTime() {
        return java.util.Optional.ofNullable(hostTime);
    }

    /** True when nothing was listed: the root is absent (or unreadable, see {@link #unreadable()}). */
    public boolean isEmpty() {
        return deflated.length == EMPTY_LENGTH;
    }

    /** Why the listed root could not be read; empty when it was listed, or is absent where its parent is. */
    public java.util.Optional<String> unreadable() {
        return java.util.Optional.ofNullable(unreadable);
    }

    public String host() {
        return host;
    }

    /** The properties beyond the core ones that each object carries. */
    public List<String> extraProperties() {
        return extraProperties;
    }

    /** The size this travels with, for logs and the benchmark. */
    public int compressedBytes() {
        return deflated.length;
    }

    /** Parses the text as it is inflated (names checked as {@link Zfs#list} checks them). */
    public Listing parse() {
        try (InputStream text = inflated()) {
            return new ListingParser(extraProperties).read(host, text, listForm);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: does not happen
        }
    }

    /** The text as zfs printed it (tests and the benchmark; a big listing is better parsed). */
    public String text() {
        try (InputStream text = inflated()) {
            return new String(text.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private InputStream inflated() {
        return new InflaterInputStream(new ByteArrayInputStream(deflated)); // owns its inflater: ended on close
    }

    /** What another host sent is bounded before it is kept (the default reading allocates as the stream says). */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (deflated == null || deflated.length > MAX_DEFLATED) {
            throw new InvalidObjectException("A listing from " + host + " came without its text or with more than "
                    + MAX_DEFLATED + " deflated bytes");
        }
    }

    private static byte[] deflate(InputStream output) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        // the fastest level: 5x faster than the default on a million-snapshot listing for a few % more bytes
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try (DeflaterOutputStream out = new DeflaterOutputStream(bytes, deflater, 1 << 16)) {
            // as the parser will: lines bounded, and the deflated text kept within what the other host accepts
            byte[] buffer = new byte[1 << 16];
            InputStream lines = new BoundedOutput(output, "zfs list", Long.MAX_VALUE, LineBlocks.MAX_LINE_BYTES);
            for (int read = lines.read(buffer); read >= 0; read = lines.read(buffer)) {
                out.write(buffer, 0, read);
                if (bytes.size() > MAX_DEFLATED) {
                    throw new BoundedOutput.OutputLimitException("A zfs listing deflates to more than %s: more "
                            + "than another host accepts; it was not used", BoundedOutput.human(MAX_DEFLATED));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deflater.end();
        }
        return bytes.toByteArray();
    }
}
