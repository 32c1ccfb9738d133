package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.util.List;
import java.util.Locale;

/** Optional compression of the stream between the hosts, by separate processes (never in the JVM). */
public enum Compression {
    NONE(List.of(), List.of()),
    /** Fast level, all cores: zstd keeps up with a 10 Gbit link on a few cores. */
    ZSTD(List.of("zstd", "-q", "-c", "-1", "-T0"), List.of("zstd", "-q", "-d", "-c")),
    LZ4(List.of("lz4", "-q", "-c", "-1"), List.of("lz4", "-q", "-d", "-c"));

    private final List<String> compress;
    private final List<String> decompress;

    Compression(List<String> compress, List<String> decompress) {
        this.compress = compress;
        this.decompress = decompress;
    }

    /** "none", "zstd" or "lz4", as users write it. */
    public static Compression byName(String name) {
        try {
            return valueOf(name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TransferException("Unknown compression '%s': use none, zstd or lz4", name);
        }
    }

    public List<String> compressCommand() {
        return compress;
    }

    public List<String> decompressCommand() {
        return decompress;
    }
}
