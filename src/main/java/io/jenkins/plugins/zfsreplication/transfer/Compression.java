package io.jenkins.plugins.zfsreplication.transfer;

import java.util.List;

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

    public List<String> compressCommand() {
        return compress;
    }

    public List<String> decompressCommand() {
        return decompress;
    }
}
