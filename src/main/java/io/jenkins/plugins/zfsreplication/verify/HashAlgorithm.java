package io.jenkins.plugins.zfsreplication.verify;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The chunk hash functions. Hex strings are lowercase and print a value the way its reference tool
 * does: xxh64 as {@code xxhsum -H1}, xxh128 as {@code xxhsum -H2}, xxh3 as {@code xxhsum -H3},
 * sha1/sha256 as {@code sha1sum}/{@code sha256sum} (and zfs-check, which uses sha1).
 *
 * <p>When not to use: the xxh functions detect accidental corruption only; they are not a defence
 * against someone who crafts colliding data on purpose. Use sha256 for that.
 */
public enum HashAlgorithm {
    XXH64("xxh64", false),
    XXH3("xxh3", false),
    XXH128("xxh128", false),
    SHA256("sha256", true),
    SHA1("sha1", true);

    private final String id;
    private final boolean streaming;

    HashAlgorithm(String id, boolean streaming) {
        this.id = id;
        this.streaming = streaming;
    }

    /** The name used on the command line and in manifests. */
    public String id() {
        return id;
    }

    /**
     * True when the function takes its input piece by piece (MessageDigest); the xxh functions of
     * zero-allocation-hashing have no streaming API and need the whole chunk in memory.
     */
    boolean streaming() {
        return streaming;
    }

    public static HashAlgorithm byName(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (HashAlgorithm algorithm : values()) {
            if (algorithm.id.equals(wanted)) {
                return algorithm;
            }
        }
        throw new VerifyException("Unknown hash '%s': use one of %s", name,
                Arrays.stream(values()).map(HashAlgorithm::id).collect(Collectors.joining(", ")));
    }
}
