package io.jenkins.plugins.zfsreplication.zfs;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
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
 * (docs/benchmarks.md: 1,000 datasets x 1,000 snapshots); parsing happens where it is used.
 */
public final class ListingText implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Far above 10,000 x 1,000 snapshots deflated; a bound on what another host may make us allocate. */
    private static final int MAX_DEFLATED = 1 << 30;
    private final String host;
    private final boolean listForm;
    private final List<String> extraProperties;
    /** Deflated only when this travels (see writeObject): a local listing is not compressed for nothing. */
    private transient String text;

    ListingText(String host, boolean listForm, List<String> extraProperties, String output) {
        this.host = Objects.requireNonNull(host, "host");
        this.listForm = listForm;
        this.extraProperties = List.copyOf(extraProperties);
        this.text = Objects.requireNonNull(output, "output");
    }

    /**
     * A listing zfs printed elsewhere: {@code zfs list -Hp -t all -o name,<core>,<extra>} when
     * {@code listForm}, else {@code zfs get -Hp -o name,property,value} (see {@link Zfs#parseListing}).
     */
    public static ListingText of(String host, boolean listForm, List<String> extraProperties, String output) {
        extraProperties.forEach(Zfs::checkPropertyName);
        return new ListingText(host, listForm, extraProperties, output);
    }

    /** No objects: the listed root does not exist (yet) on {@code host}. */
    public static ListingText empty(String host, List<String> extraProperties) {
        return new ListingText(host, false, extraProperties, "");
    }

    /** The same text under another host name (e.g. the Jenkins agent it came from). */
    public ListingText withHost(String newHost) {
        return new ListingText(newHost, listForm, extraProperties, text);
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
        return deflate(text).length;
    }

    /** Parses the text (names checked as {@link Zfs#list} checks them). */
    public Listing parse() {
        ListingParser parser = new ListingParser(extraProperties);
        String output = text;
        return new Listing(host, listForm ? parser.parseList(output) : parser.parseGet(output));
    }

    /** The text as zfs printed it. */
    public String text() {
        return text;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        byte[] deflated = deflate(text);
        out.writeInt(deflated.length);
        out.write(deflated);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        int length = in.readInt();
        if (length < 0 || length > MAX_DEFLATED) {
            throw new InvalidObjectException("A listing from " + host + " claims " + length + " deflated bytes");
        }
        byte[] deflated = in.readNBytes(length);
        try (InflaterInputStream inflater = new InflaterInputStream(new ByteArrayInputStream(deflated))) {
            text = new String(inflater.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static byte[] deflate(String output) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        // the fastest level: 5x faster than the default on a million-snapshot listing for a few % more bytes
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try (DeflaterOutputStream out = new DeflaterOutputStream(bytes, deflater, 1 << 16)) {
            out.write(output.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: does not happen
        } finally {
            deflater.end();
        }
        return bytes.toByteArray();
    }
}
