import type { Faq as FaqRow, Page as PageRow, Testimonial as TestimonialRow } from '@roar/contracts/content';
import { migrateExclusively, type Sql } from '@roar/platform';
import { FAQS, HOME_BLOCKS, PAGES, PRIVACY_BEFORE_ISSUE_24, TESTIMONIALS } from './seed';
import { WINNERS_PAGE } from './winners-page';
import { migrateContentVersions } from '../content-admin/versions';
import { migrateServiceKeys } from '../service-keys/store';

export type { Faq as FaqRow, Page as PageRow, Testimonial as TestimonialRow } from '@roar/contracts/content';

/** Creates the content tables and adds launch copy that is not there yet (never overwrites edits). */
export async function migrateContent(sql: Sql): Promise<void> {
  await migrateExclusively(sql, async (tx) => {
    await tx.exec(`
      create schema if not exists content;
      create table if not exists content.pages (
        path text primary key, status text not null default 'published', title text not null, content text not null
      );
      create table if not exists content.faqs (
        id serial primary key, sort int not null, status text not null default 'published',
        question text not null unique, answer text not null
      );
      create table if not exists content.testimonials (
        id serial primary key, sort int not null, status text not null default 'published',
        quote text not null unique, name text not null, image text not null default '', illustrative boolean not null default false
      );`);
    await migrateContentVersions(tx);
    await migrateServiceKeys(tx);
    await tx.exec('create table if not exists content.winners_page (id int primary key check (id = 1), data jsonb not null)');
    await tx.query('insert into content.winners_page (id, data) values (1, $1::jsonb) on conflict do nothing', [JSON.stringify(WINNERS_PAGE)]);
    await tx.exec('create table if not exists content.home_blocks (id int primary key check (id = 1), data jsonb not null)');
    await tx.query('insert into content.home_blocks (id, data) values (1, $1::jsonb) on conflict do nothing', [JSON.stringify(HOME_BLOCKS)]);
    for (const t of TESTIMONIALS) {
      await tx.query(
        'insert into content.testimonials (sort, quote, name, image, illustrative) values ($1, $2, $3, $4, true) on conflict do nothing',
        [t.sort, t.quote, t.name, t.image],
      );
    }
    for (const p of PAGES) {
      await tx.query('insert into content.pages (path, title, content) values ($1, $2, $3) on conflict do nothing', [p.path, p.title, p.content]);
    }
    // Issue 24: the launch privacy policy, if staff never edited it, gains the section on deleting an account.
    const privacy = PAGES.find((p) => p.path === '/privacy-policy');
    if (privacy) {
      await tx.query('update content.pages set content = $2 where path = $1 and content = $3', [
        privacy.path,
        privacy.content,
        PRIVACY_BEFORE_ISSUE_24,
      ]);
    }
    for (const f of FAQS) {
      await tx.query('insert into content.faqs (sort, question, answer) values ($1, $2, $3) on conflict do nothing', [f.sort, f.question, f.answer]);
    }
  });
}

export async function findPages(sql: Sql, filter: { path?: string; statuses: readonly string[] }): Promise<PageRow[]> {
  const r = await sql.query<PageRow>(
    `select path, status, title, content from content.pages
     where status = any($1::text[]) and ($2::text is null or path = $2) order by path`,
    [filter.statuses, filter.path ?? null],
  );
  return r.rows;
}

export async function findFaqs(sql: Sql, statuses: readonly string[]): Promise<FaqRow[]> {
  const r = await sql.query<FaqRow>('select id, sort, status, question, answer from content.faqs where status = any($1::text[]) order by sort, id', [
    statuses,
  ]);
  return r.rows;
}

export async function findTestimonials(sql: Sql, statuses: readonly string[]): Promise<TestimonialRow[]> {
  const r = await sql.query<TestimonialRow>(
    'select id, sort, status, quote, name, image, illustrative from content.testimonials where status = any($1::text[]) order by sort, id',
    [statuses],
  );
  return r.rows;
}
