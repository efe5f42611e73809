// The page: sign in, list the project's tags, create one. Plain DOM and the typed SDK; the
// same code runs against the mock service worker or a real deployment.
import { AuthenticationError, createClient, PermissionDeniedError, SupportKbError, type Tag } from '@supportkb/sdk';

export interface AppOptions {
  /** API root, e.g. `https://api.tiledesk.com/v2` (or the mock's `<origin>/api`). */
  baseUrl: string;
  projectId: string;
  /** Shown in the status line once the page is ready. */
  readyText: string;
}

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;

/** A message for the user (the SDK's own message names the operation and status: fine for the console, not the page). */
function describe(error: unknown, action: string): string {
  if (error instanceof AuthenticationError) return action === 'sign in' ? 'Wrong email or password.' : 'Your session has expired. Sign in again.';
  if (error instanceof PermissionDeniedError) return `You don't have permission to ${action}.`;
  if (error instanceof SupportKbError) return `Could not ${action}. Try again.`;
  return `Something went wrong while trying to ${action}.`;
}

export function mountApp({ baseUrl, projectId, readyText }: AppOptions): void {
  const sk = createClient({ baseUrl, projectId });
  const status = $<HTMLParagraphElement>('#status');
  const signIn = $<HTMLFormElement>('#sign-in');
  const newTag = $<HTMLFormElement>('#new-tag');
  const list = $<HTMLUListElement>('#tag-list');

  const say = (text: string, isError = false) => {
    status.textContent = text;
    status.classList.toggle('error', isError);
  };

  const render = (tags: Tag[]) => {
    list.replaceChildren(
      ...tags.map((tag) => {
        const item = document.createElement('li');
        const swatch = document.createElement('span');
        swatch.className = 'swatch';
        if (tag.color) swatch.style.backgroundColor = tag.color;
        item.append(swatch, tag.tag ?? '(unnamed tag)'); // a tag upserted by a PUT without a name has none
        return item;
      }),
    );
  };

  const loadTags = async () => {
    const tags = await sk.tags.list(); // the first page (40 tags), newest first
    render(tags);
    return tags;
  };

  signIn.addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(signIn);
    try {
      const { user } = await sk.auth.signIn({ email: String(form.get('email')), password: String(form.get('password')) });
      const tags = await loadTags();
      signIn.hidden = true;
      $<HTMLElement>('#tags').hidden = false;
      $<HTMLParagraphElement>('#who').textContent = `Signed in as ${[user.firstname, user.lastname].filter(Boolean).join(' ') || user.email}`;
      say(`${tags.length} tags in the project.`);
    } catch (error) {
      console.warn(error);
      say(describe(error, 'sign in'), true);
    }
  });

  newTag.addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(newTag);
    const name = String(form.get('tag')).trim();
    try {
      const created = await sk.tags.create({ tag: name, color: String(form.get('color')) });
      await loadTags();
      newTag.reset();
      say(`Created the tag “${created.tag}”.`);
    } catch (error) {
      console.warn(error);
      say(describe(error, 'create the tag'), true);
    }
  });

  signIn.querySelector('button')!.disabled = false;
  say(readyText);
}
