package io.jenkins.plugins.zfsreplication.transfer;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;

/** {@code zfs send} and {@code zfs recv} argument vectors for one step, from validated names only. */
public final class ZfsStreamCommands implements StreamCommands {

    @Override
    public List<String> source(SendStep step, Set<SendOption> used) {
        List<String> argv = new ArrayList<>(List.of("zfs", "send"));
        if (step.kind() == SendKind.RESUME) {
            // the token carries the flags of the interrupted send; zfs refuses others next to -t
            argv.add("-t");
            argv.add(step.resumeToken());
            return argv;
        }
        for (SendOption option : SendOption.values()) { // in declaration order: the same argv every run
            if (!option.onReceive() && used.contains(option)) {
                argv.add(option.flag());
            }
        }
        if (step.fromBookmark() != null) {
            argv.add("-i");
            argv.add(io.jenkins.plugins.zfsreplication.zfs.Zfs.bookmarkName(step.fromBookmark()));
        } else if (step.kind() != SendKind.FULL) {
            argv.add(step.kind() == SendKind.INCREMENTAL ? "-i" : "-I");
            argv.add(step.fromSnapshot().toString());
        }
        argv.add(step.toSnapshot().toString());
        return argv;
    }

    @Override
    public List<String> sink(SendStep step, Set<SendOption> used, TransferOptions options) {
        List<String> argv = new ArrayList<>(List.of("zfs", "recv"));
        for (SendOption option : SendOption.values()) { // in declaration order: the same argv every run
            if (option.onReceive() && used.contains(option) && option != SendOption.NEUTRALISE) {
                argv.add(option.flag());
            }
        }
        if (step.rollback()) {
            argv.add("-F");
        }
        new java.util.TreeMap<>(options.receiving().recvSet()).forEach((property, value) -> {
            TransferOptions.checkRecvProperty(property);
            argv.add("-o");
            argv.add(property + "=" + value);
        });
        for (String property : options.receiving().recvExclude()) {
            TransferOptions.checkRecvProperty(property);
            argv.add("-x");
            argv.add(property);
        }
        if (used.contains(SendOption.NEUTRALISE)) {
            for (String property : ReceivedProperties.excluded(options)) {
                argv.add("-x");
                argv.add(property);
            }
        }
        argv.add(step.target().name());
        return argv;
    }
}
