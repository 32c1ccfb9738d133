package io.jenkins.plugins.zfsreplication.check;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.text.TerminalText;

/**
 * What a night's night.json says it verified (docs/formats.md): its verify mode, whether it compared
 * the copy with the source and why not, and the datasets it accounted for. Read whole and checked
 * before use: a record that is unreadable or lacks any of these is a {@link CheckException} (the
 * check is then UNKNOWN, never OK).
 *
 * @param file        the night.json read
 * @param notCompared why verify = copy compared no copy (null when it did, or was not asked to)
 * @param datasets    the source datasets the night accounted for, in its order
 */
public record NightRecord(Path file, VerifyMode mode, boolean copyCompared, String notCompared, List<String> datasets) {
    static final String KIND = "zfs-replication-night";
    /** night.json is a few lines per dataset; a file far larger is not one. */
    private static final long MAX_BYTES = 64L << 20;

    public NightRecord {
        datasets = List.copyOf(datasets);
    }

    /** The record in {@code file}, whether its night finished or not (the night's own check reads it so). */
    public static NightRecord read(Path file) {
        return parse(file, tree(file));
    }

    /**
     * The newest finished night's record under {@code runs} (a night's config's {@code runs}: one
     * numbered directory per night), or null when no night there finished yet. A night that runs, or
     * died, has no exit status in its night.json and is passed over; an unreadable night.json is not.
     */
    public static NightRecord newestFinished(Path runs) {
        if (!Files.isDirectory(runs)) {
            throw new CheckException("%s: no such directory of nights", TerminalText.line(runs.toString()));
        }
        List<Path> numbered;
        try (Stream<Path> entries = Files.list(runs)) {
            numbered = entries.filter(p -> p.getFileName().toString().matches("[1-9][0-9]{0,17}"))
                    .filter(Files::isDirectory)
                    .sorted(Comparator.comparingLong((Path p) -> Long.parseLong(p.getFileName().toString())).reversed())
                    .toList();
        } catch (IOException e) {
            throw new CheckException("Cannot list the nights in %s: %s", TerminalText.line(runs.toString()),
                    TerminalText.line(String.valueOf(e.getMessage())));
        }
        for (Path dir : numbered) {
            Path file = dir.resolve("night.json");
            // known to be absent only: a directory the night made and died in before its first record.
            // One that cannot be looked into (permissions) is read, and its error is the check's UNKNOWN
            if (Files.notExists(file)) {
                continue;
            }
            JsonNode root = tree(file);
            if (root.has("exitStatus")) {
                return parse(file, root);
            }
        }
        return null;
    }

    /**
     * Each of {@code judged} the night accounted for: WARNING with the night's reason when it was to
     * compare the copy ({@code verify = copy}) and compared none, OK with what it verified otherwise.
     */
    public NightVerdict judge(List<DatasetFreshness> judged) {
        Set<String> accounted = new LinkedHashSet<>(datasets);
        List<VerifiedCopy> verified = new ArrayList<>();
        for (DatasetFreshness dataset : judged) {
            String name = dataset.source().name();
            if (accounted.contains(name)) {
                verified.add(new VerifiedCopy(name, status(), reason()));
            }
        }
        return new NightVerdict(file.toString(), verified);
    }

    private CheckStatus status() {
        return mode == VerifyMode.COPY && !copyCompared ? CheckStatus.WARNING : CheckStatus.OK;
    }

    private String reason() {
        String said = "verify = " + mode.jsonName() + ": ";
        return switch (mode) {
            case COPY -> said + (copyCompared ? "the copy was compared with the source" : notCompared);
            case SOURCE -> said + "the night verifies the source only";
            case OFF -> said + "the night verifies nothing";
        };
    }

    private static JsonNode tree(Path file) {
        try {
            return new ObjectMapper().readTree(InputFile.readText(file, "the night's record", MAX_BYTES));
        } catch (InputFileException e) {
            throw new CheckException("%s", e.getMessage());
        } catch (JsonProcessingException e) {
            throw malformed(file, "not JSON (" + e.getOriginalMessage() + ")");
        }
    }

    private static NightRecord parse(Path file, JsonNode root) {
        if (!root.isObject() || !KIND.equals(root.path("kind").asText(null))) {
            throw malformed(file, "not a night's record (kind " + KIND + ")");
        }
        JsonNode verify = root.path("verify");
        VerifyMode mode = verify.path("mode").isTextual() ? VerifyMode.ofJson(verify.path("mode").asText()) : null;
        if (mode == null) {
            throw malformed(file, "verify.mode is not copy, source or off");
        }
        if (!verify.path("copyCompared").isBoolean()) {
            throw malformed(file, "verify.copyCompared is not true or false");
        }
        boolean compared = verify.path("copyCompared").asBoolean();
        if (compared && mode != VerifyMode.COPY) {
            throw malformed(file, "verify.copyCompared is true while verify.mode is " + mode.jsonName());
        }
        String notCompared = verify.path("notCompared").isTextual() ? verify.path("notCompared").asText() : null;
        if (mode == VerifyMode.COPY && !compared && (notCompared == null || notCompared.isBlank())) {
            throw malformed(file, "verify.notCompared does not say why the copy was not compared");
        }
        JsonNode list = root.path("datasets");
        if (!list.isArray()) {
            throw malformed(file, "datasets is not a list");
        }
        List<String> datasets = new ArrayList<>();
        for (JsonNode dataset : list) {
            if (!dataset.path("dataset").isTextual()) {
                throw malformed(file, "a dataset without its name");
            }
            datasets.add(dataset.path("dataset").asText());
        }
        return new NightRecord(file, mode, compared, notCompared == null ? null : TerminalText.line(notCompared),
                datasets);
    }

    private static CheckException malformed(Path file, String problem) {
        return new CheckException("%s", TerminalText.line(file + ": " + problem));
    }
}
