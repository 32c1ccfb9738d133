package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.files.Sha256;
import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The source's manifests, as they reach the backup host: a directory with one directory per
 * dataset below the copy's root (by its path relative to the root; the root's own manifests lie
 * in the directory itself), holding {@code SNAPSHOT.manifest}, the manifest verify wrote of that
 * snapshot on the source, and beside it {@code SNAPSHOT.guid}, the snapshot's GUID on the source
 * ({@code zfs get -Hpo value guid}), which binds the manifest to that snapshot and no other of the
 * same name. Without a {@code .guid} file a manifest whose header has a {@code guid} line is bound
 * by it; else it is bound by the name only, and the ledger says so. A night that runs verify and
 * coverage on one host fills the store itself ({@link #put}) and empties it as the copy prunes
 * ({@link #retain}).
 */
public final class ManifestStore {
    static final String SUFFIX = ".manifest";
    private static final long GUID_FILE_BYTES = 64;
    /** How far into a manifest its header is looked for: a header is a few short lines. */
    private static final int HEADER_LINES = 64;

    private final Path root;
    private final DatasetName copyRoot;

    public ManifestStore(Path root, DatasetName copyRoot) {
        if (!Files.isDirectory(root)) {
            throw new CoverageException("The manifest store %s is not a directory", root);
        }
        this.root = root;
        this.copyRoot = copyRoot;
    }

    /** The manifest of {@code dataset@snapshot} (a dataset at or below the copy's root), with its binding; empty when absent. */
    public Optional<Found> find(String dataset, String snapshot) {
        String relative = relative(dataset, snapshot);
        Path manifest = resolve(relative);
        if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            String sha256 = Sha256.of(manifest);
            Path guidFile = manifest.resolveSibling(snapshot + ".guid");
            String guid = readGuid(guidFile);
            String from = guid != null ? "sidecar" : null;
            if (guid == null) {
                guid = headerGuid(manifest);
                from = guid != null ? "header" : "name";
            }
            return Optional.of(new Found(manifest, new ManifestBinding(relative, sha256, guid, from)));
        } catch (IOException e) {
            throw new UncheckedIOException("Reading the manifest " + manifest + " failed", e);
        }
    }

    /**
     * Puts {@code manifest}, verify's manifest of {@code dataset@snapshot} on the source, into the
     * store with the snapshot's GUID beside it (both renamed into place: a night that dies meanwhile
     * leaves the old pair or none, never half a manifest that would read as changed).
     */
    public void put(String dataset, String snapshot, long guid, Path manifest) throws IOException {
        String relative = relative(dataset, snapshot);
        Path file = resolve(relative);
        // the dataset's folder below the store (the store itself for the copy's root)
        Files.createDirectories(resolve(relative.substring(0, relative.length() - snapshot.length() - SUFFIX.length())));
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.copy(manifest, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        AtomicFile.write(file.resolveSibling(snapshot + ".guid"), Long.toUnsignedString(guid) + "\n");
    }

    /**
     * Removes every file of the store but the manifests (and GUID files) of the snapshots
     * {@code ledger} holds: the copy no longer has the others, so nothing will match them again.
     */
    public void retain(Ledger ledger) throws IOException {
        Set<Path> kept = new HashSet<>();
        for (SnapshotCoverage snapshot : ledger.snapshots()) {
            Path manifest = resolve(relative(snapshot.dataset(), snapshot.snapshot()));
            kept.add(manifest);
            kept.add(manifest.resolveSibling(snapshot.snapshot() + ".guid"));
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).toList()) {
                if (!kept.contains(file.normalize())) {
                    Files.delete(file);
                }
            }
        }
    }

    /** A manifest found: where it is, and what the ledger records of it. */
    public record Found(Path path, ManifestBinding binding) {
    }

    /** The file of a binding the ledger holds; its SHA-256 now, to compare with the one recorded. */
    public Path path(ManifestBinding binding) {
        return resolve(binding.path());
    }

    /** The SHA-256 of the file now, or null when it is gone. */
    public String sha256Now(ManifestBinding binding) {
        Path file = path(binding);
        try {
            return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? Sha256.of(file) : null;
        } catch (IOException e) {
            throw new UncheckedIOException("Reading the manifest " + file + " failed", e);
        }
    }

    private String relative(String dataset, String snapshot) {
        DatasetName name = DatasetName.of(dataset);
        if (!name.isSelfOrDescendantOf(copyRoot)) {
            throw new CoverageException("%s is not below the copy's root %s", dataset, copyRoot);
        }
        String below = name.equals(copyRoot) ? "" : name.relativeTo(copyRoot);
        for (String part : (below + "/" + snapshot).split("/")) {
            if (part.equals(".") || part.equals("..")) {
                throw new CoverageException("%s@%s cannot name a file in the manifest store", dataset, snapshot);
            }
        }
        return (below.isEmpty() ? "" : below + "/") + snapshot + SUFFIX;
    }

    private Path resolve(String relative) {
        Path path = root.resolve(relative).normalize();
        if (!path.startsWith(root.normalize())) {
            throw new CoverageException("The manifest %s is outside the store %s", relative, root);
        }
        return path;
    }

    private static String readGuid(Path file) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        String text;
        try {
            text = InputFile.readText(file, "the GUID file", GUID_FILE_BYTES).strip();
        } catch (InputFileException e) {
            throw new CoverageException("%s", e.getMessage());
        }
        if (!text.matches("[0-9]{1,20}") || !fitsUnsigned(text)) {
            throw new CoverageException("%s holds '%s', not a snapshot GUID (zfs get -Hpo value guid SNAPSHOT > %s)",
                    file, io.jenkins.plugins.zfsreplication.text.TerminalText.line(text), file.getFileName());
        }
        return Long.toUnsignedString(Long.parseUnsignedLong(text));
    }

    private static boolean fitsUnsigned(String digits) {
        try {
            Long.parseUnsignedLong(digits);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The value of a {@code # guid: N} header line, or null: manifests may name the snapshot's GUID in their header. */
    private static String headerGuid(Path manifest) throws IOException {
        try (var lines = Files.lines(manifest, java.nio.charset.StandardCharsets.UTF_8)) {
            return lines.limit(HEADER_LINES).takeWhile(line -> line.startsWith("# ")).filter(line -> line.startsWith("# guid: "))
                    .map(line -> line.substring("# guid: ".length()).strip()).filter(v -> v.matches("[0-9]{1,20}") && fitsUnsigned(v))
                    .findFirst().orElse(null);
        } catch (java.io.UncheckedIOException e) {
            return null; // not UTF-8 text: ManifestReader says so when it is read
        }
    }
}
