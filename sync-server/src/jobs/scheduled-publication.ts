// Scheduled publication on the job runner: a post scheduled for a time is one job that waits until then
// (its time is stored, so a restart picks it up, and a time that passed while the server was down publishes
// at start), then publishes the post. Over PostgreSQL the runner's claim makes one instance run it, and the
// publication itself checks the post is still the draft scheduled for that time, so it happens once. A post
// scheduled with the newsletter starts its issue in that same transaction, so the issue goes out once too.
import type { NewsletterService } from '../mail/newsletter-service.ts';
import { type BlogService, PUBLISH_POST_JOB, type PublishPostPayload } from '../services/blog-service.ts';
import type { JobRunner } from './job-runner.ts';

export function registerScheduledPublication(
  jobs: JobRunner,
  blog: BlogService,
  newsletter: NewsletterService,
): void {
  jobs.register(PUBLISH_POST_JOB, async (job) => {
    const { postId, publishAt } = job.payload as PublishPostPayload;
    const due = Date.parse(publishAt);
    if (due > Date.now()) return { state: 'wait', until: new Date(due) };
    await blog.publishScheduled(postId, publishAt);
    return { state: 'done' };
  });
  blog.attachJobs(jobs, (tx, post, publicUrl, now) => newsletter.startScheduledIn(tx, post, publicUrl, now));
}
