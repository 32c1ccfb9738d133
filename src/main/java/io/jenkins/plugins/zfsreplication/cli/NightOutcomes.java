package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.metrics.MetricsFile;
import io.jenkins.plugins.zfsreplication.metrics.ReportMetrics;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.TransferAccounts;

/**
 * The night's account of every dataset of its selection: what the plan said of each, a planned
 * send turned into {@link DatasetOutcome#FAILED} where a step of it did not end well (from
 * transfer.json) or the run did not happen, a dataset whose destroys zfs refused in the prune
 * turned into {@link DatasetOutcome#ATTENTION}, then written into night.json and the metrics.
 */
final class NightOutcomes {
    private static final long MAX_TRANSFER_JSON = 64L << 20;

    private NightOutcomes() {
    }

    /**
     * The accounts after the run: a planned send whose steps transfer.json does not all show ok (or
     * skipped by the gate) is FAILED with the first error; without transfer.json every planned send is.
     */
    static List<DatasetAccount> afterRun(List<DatasetAccount> accounts, Path transferJson) {
        if (!Files.isRegularFile(transferJson)) {
            return notRun(accounts, "run");
        }
        JsonNode steps;
        try {
            steps = new ObjectMapper().readTree(InputFile.readText(transferJson, "transfer.json", MAX_TRANSFER_JSON))
                    .path("steps");
        } catch (IOException e) {
            return notRun(accounts, "run (transfer.json unreadable: " + e.getMessage() + ")");
        }
        List<TransferAccounts.StepEnd> ends = new ArrayList<>();
        for (JsonNode step : steps) {
            ends.add(new TransferAccounts.StepEnd(step.path("dataset").asText(""), step.path("to").asText("?"),
                    outcome(step.path("result").asText("")), step.path("error").asText("")));
        }
        return TransferAccounts.after(accounts, ends);
    }

    /** A step result as transfer.json writes it ("not-run"); null for anything else: never taken for ok. */
    private static StepOutcome outcome(String text) {
        for (StepOutcome outcome : StepOutcome.values()) {
            if (outcome.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(text)) {
                return outcome;
            }
        }
        return null;
    }

    /**
     * The datasets whose destroys zfs refused in a prune that ran ({@code --destroy}), by source
     * dataset, each with the report's error for it; null when the report does not name a dataset for
     * every error (no report, a dry run, an error of another kind): then nothing may be taken as
     * fine. The report is read as a stream, one candidate at a time: it may list millions.
     */
    static Map<String, String> pruneFailures(Path report, ReplicationPlan plan) {
        Map<String, String> sourceOf = new HashMap<>();
        for (DatasetPlan dataset : plan.datasets()) {
            sourceOf.put("source " + dataset.source().name(), dataset.source().name());
            sourceOf.put("bookmark " + dataset.source().name(), dataset.source().name());
            sourceOf.put("target " + dataset.target().name(), dataset.source().name());
        }
        Map<String, String> failed = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        boolean dryRun = true;
        try (InputFile file = InputFile.open(report, "prune-report.json"); Reader reader = file.reader();
             JsonParser json = new ObjectMapper().getFactory().createParser(reader)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken value = json.nextToken();
                if (field.equals("dryRun")) {
                    dryRun = value != JsonToken.VALUE_FALSE;
                } else if (field.equals("candidates") && value == JsonToken.START_ARRAY) {
                    while (json.nextToken() == JsonToken.START_OBJECT) {
                        JsonNode candidate = json.readValueAsTree();
                        if (candidate.path("decision").asText("").equals("DESTROY")
                                && !candidate.path("destroyed").asBoolean(true)) {
                            String key = candidate.path("side").asText("") + " " + candidate.path("dataset").asText("");
                            if (!sourceOf.containsKey(key)) {
                                return null;
                            }
                            failed.putIfAbsent(key, sourceOf.get(key));
                        }
                    }
                } else if (field.equals("errors") && value == JsonToken.START_ARRAY) {
                    while (json.nextToken() == JsonToken.VALUE_STRING) {
                        errors.add(json.getText());
                    }
                } else {
                    json.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (dryRun || errors.isEmpty()) {
            return null;
        }
        Map<String, String> why = new LinkedHashMap<>();
        for (String error : errors) {
            String key = failed.keySet().stream().filter(k -> error.startsWith(k + ": ")).findFirst().orElse(null);
            if (key == null) {
                return null; // an error that names no dataset's refused destroys: not one dataset's
            }
            why.putIfAbsent(failed.get(key), TerminalText.line(error));
        }
        return Map.copyOf(why);
    }

    /**
     * The accounts after a prune whose destroys zfs refused on some datasets: each such dataset
     * needs a person (its copy or source may hold more snapshots than its rules keep), whatever the
     * run did; one whose send failed stays failed.
     */
    static List<DatasetAccount> afterPrune(List<DatasetAccount> accounts, Map<String, String> pruneFailures) {
        List<DatasetAccount> after = new ArrayList<>();
        for (DatasetAccount account : accounts) {
            String error = pruneFailures.get(account.dataset());
            if (error == null) {
                after.add(account);
                continue;
            }
            String pruneFailed = "its prune failed: " + error;
            after.add(switch (account.outcome()) {
                case SENT -> account.with(DatasetOutcome.ATTENTION, "sent, but " + pruneFailed);
                case CURRENT -> account.with(DatasetOutcome.ATTENTION, "already current, but " + pruneFailed);
                case EXCLUDED -> account.with(DatasetOutcome.ATTENTION, account.reason() + "; and " + pruneFailed);
                case ATTENTION, FAILED -> account.with(account.outcome(), account.reason() + "; and " + pruneFailed);
            });
        }
        return List.copyOf(after);
    }

    /** The accounts when {@code stage} failed before the run: no planned send happened. */
    static List<DatasetAccount> notRun(List<DatasetAccount> accounts, String stage) {
        return accounts.stream().map(account -> account.outcome() == DatasetOutcome.SENT
                ? account.with(DatasetOutcome.FAILED, "not sent: the " + stage + " stage failed") : account).toList();
    }

    /** night.json's {@code datasets} (one entry per dataset) and {@code outcomes} (how many of each). */
    static void write(ObjectNode root, List<DatasetAccount> accounts) {
        ObjectNode counts = root.putObject("outcomes");
        for (DatasetOutcome outcome : DatasetOutcome.values()) {
            counts.put(outcome.jsonName(), DatasetAccount.count(accounts, outcome));
        }
        ArrayNode list = root.putArray("datasets");
        for (DatasetAccount account : accounts) {
            list.addObject().put("dataset", account.dataset()).put("outcome", account.outcome().jsonName())
                    .put("reason", account.reason());
        }
    }

    /** The night's per-outcome counts into the metrics file the config names, if any. */
    static void writeMetrics(String file, List<DatasetAccount> accounts, Instant started, PrintWriter err) {
        if (file == null) {
            return;
        }
        RunMetrics metrics = ReportMetrics.night(new RunMetrics("night"), accounts);
        boolean clean = accounts.stream().noneMatch(a -> a.outcome().needsAPerson());
        try {
            MetricsFile.write(Path.of(file), metrics.finish(started, Instant.now(), clean));
        } catch (IOException | RuntimeException e) {
            // the night's result stands in night.json and its exit status; the metrics are a copy of it
            err.println("night: the metrics file " + file + " was not written: " + e.getMessage());
            err.flush();
        }
    }
}
