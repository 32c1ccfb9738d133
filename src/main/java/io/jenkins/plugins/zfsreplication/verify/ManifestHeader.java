package io.jenkins.plugins.zfsreplication.verify;

/**
 * A manifest's parameters. {@code sized} is true for manifests written by this tool (they carry
 * each file's size) and false for zfs-check output, whose parameters come from the command line.
 */
public record ManifestHeader(int format, String tool, HashAlgorithm hash, long blockSize, long count,
                             Layout layout, boolean sized) {
    public static final int FORMAT = 1;
    public static final String FIRST_LINE = "# zfs-replication checksum manifest";

    /** One file (or device): {@code chunk<TAB>hash}; a tree: {@code path<TAB>chunk<TAB>hash}. */
    public enum Layout { FILE, TREE }

    public ManifestHeader {
        if (format != FORMAT) {
            throw new VerifyException("Manifest format %d is not supported (this tool reads format %d):"
                    + " use the tool version that wrote it", format, FORMAT);
        }
        if (hash == null || layout == null || tool == null) {
            throw new VerifyException("Manifest header lacks hash, layout or tool");
        }
        new VerifyOptions(blockSize, count, hash, SparseMode.AUTO, 1); // validates the sizes
    }

    public long chunkSize() {
        return blockSize * count;
    }

    /** Hex digits of one hash of this manifest's algorithm. */
    int hashLength() {
        return switch (hash) {
            case XXH64, XXH3 -> 16;
            case XXH128 -> 32;
            case SHA1 -> 40;
            case SHA256 -> 64;
        };
    }
}
