package io.jenkins.plugins.zfsreplication.transfer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * A host that answers as OpenZFS 2.x does, which zfs-fuse cannot (no resume tokens, no
 * {@code send -nvPt}): its usage text, {@code zfs send -nvPt} and the resume token come from the
 * OpenZFS fixtures (openzfs-usage.txt, openzfs-send-nvPt.txt, and tank/home's token in
 * openzfs-list-Hp.txt). Its dataset {@code backup/home} holds that token until {@code zfs recv -A};
 * every dataset lists @zr-1 (guid 77) and @zr-2 (guid {@code secondGuid}). Every command it is
 * asked to run is journaled, also the stream ends a pipeline starts ({@link #streamCommands}).
 */
final class OpenZfsHost implements CommandRunner {
    /** The token the fixtures hold; {@code zfs send -nvPt} says it resumes guid {@link #TO_GUID}. */
    static final String TOKEN = tokenFromListFixture();
    static final long TO_GUID = 0x2b5c36b8e7a1cce0L;
    static final String TOKEN_DATASET = "backup/home";
    private final String name;
    private final long secondGuid;
    private final List<String> journal = new ArrayList<>();
    private volatile boolean tokenHeld = true;

    OpenZfsHost(String name, long secondGuid) {
        this.name = name;
        this.secondGuid = secondGuid;
    }

    Zfs zfs() {
        return new Zfs(this);
    }

    /** Every command so far, as one line each, in order. */
    synchronized List<String> commands() {
        return List.copyOf(journal);
    }

    synchronized void clear() {
        journal.clear();
    }

    private synchronized void record(String line) {
        journal.add(line);
    }

    @Override
    public CommandResult run(List<String> command, Duration timeout) {
        String line = String.join(" ", command);
        record(line);
        String out = "";
        if (line.equals("zfs -?")) {
            out = fixture("/io/jenkins/plugins/zfsreplication/zfs/openzfs-usage.txt");
        } else if (line.equals("zfs version")) {
            out = "zfs-2.2.2-1\nzfs-kmod-2.2.2-1\n";
        } else if (line.startsWith("zfs get -H -o name,value receive_resume_token ")) {
            out = command.subList(6, command.size()).stream().map(dataset -> dataset + "\t"
                    + (tokenHeld && dataset.equals(TOKEN_DATASET) ? TOKEN : "-") + "\n").collect(Collectors.joining());
        } else if (line.equals("zfs send -nvPt " + TOKEN)) {
            out = fixture("/io/jenkins/plugins/zfsreplication/transfer/openzfs-send-nvPt.txt");
        } else if (line.startsWith("zfs list -Hp -t all")) {
            String dataset = command.get(command.size() - 1);
            out = dataset + "\tfilesystem\t1\t1\t1700000000\t0\t0\n"
                    + dataset + "@zr-1\tsnapshot\t77\t10\t1700000000\t0\t0\n"
                    + dataset + "@zr-2\tsnapshot\t" + Long.toUnsignedString(secondGuid) + "\t20\t1700000100\t0\t0\n";
        } else if (line.equals("zfs recv -A " + TOKEN_DATASET)) {
            tokenHeld = false;
        } else {
            return new CommandResult(command, 1, "", "unexpected command " + line);
        }
        return new CommandResult(command, 0, out, "");
    }

    @Override
    public String host() {
        return name;
    }

    /**
     * The stream ends of this host: the argument vectors {@code zfs} would run are journaled, and
     * {@code source} and {@code sink} (real processes) run in their place. Null: this host does not
     * run that end (a sending side builds the receiving end too, but the remote transport never
     * starts it): not journaled.
     */
    StreamCommands streamCommands(List<String> source, List<String> sink) {
        StreamCommands zfs = new ZfsStreamCommands();
        return new StreamCommands() {
            @Override
            public List<String> source(SendStep step, Set<SendOption> used) {
                return journaled(zfs.source(step, used), source);
            }

            @Override
            public List<String> sink(SendStep step, Set<SendOption> used, TransferOptions options) {
                return journaled(zfs.sink(step, used, options), sink);
            }
        };
    }

    private List<String> journaled(List<String> zfs, List<String> standIn) {
        if (standIn == null) {
            return List.of("false");
        }
        record(String.join(" ", zfs));
        return standIn;
    }

    /** The usual command to list one dataset and its snapshots, as a journal line. */
    static String listCommand(String dataset) {
        return "zfs list -Hp -t all -o name,type,guid,createtxg,creation,used,referenced -d 1 " + dataset;
    }

    private static String tokenFromListFixture() {
        return Zfs.parseListing("fixture", fixture("/io/jenkins/plugins/zfsreplication/zfs/openzfs-list-Hp.txt"), true,
                List.of("userrefs", "receive_resume_token", "zfs-replication:backup")).find("tank/home").orElseThrow()
                .property("receive_resume_token").orElseThrow();
    }

    static String fixture(String name) {
        try (InputStream in = OpenZfsHost.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.startsWith("#")).collect(Collectors.joining("\n", "", "\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
