package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * What a transport starts for one step: the sending side's stages (source, compression, buffer),
 * the receiving side's (decompression, sink), where each side runs, a private directory for the
 * named pipes and the stages' stderr files, and the step itself (a remote receiving side is told
 * which step a connection carries).
 */
public record PipelineSpec(String label, List<StageCommand> sendSide, List<StageCommand> receiveSide,
                           ProcessSite sender, ProcessSite receiver, Path workDir, TransferOptions options, SendStep step) {
    public PipelineSpec {
        Objects.requireNonNull(label, "label");
        sendSide = List.copyOf(sendSide);
        receiveSide = List.copyOf(receiveSide);
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(receiver, "receiver");
        Objects.requireNonNull(workDir, "workDir");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(step, "step");
        if (sendSide.isEmpty() || receiveSide.isEmpty()) {
            throw new TransferException("A pipeline needs a source and a sink");
        }
    }
}
