import { useId, useState, type FormEvent } from 'react'
import { refusedCredentialsCauses } from '../../files/errors.ts'
import { saveFilesCredentials } from '../../files/credentials.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { KeyIcon } from '../../ui/pageIcons.tsx'
import { Button } from '../../ui/Button.tsx'
import { inputClass } from '../../ui/form.ts'
import { WithIconTile } from '../../ui/IconTile.tsx'

/**
 * Key and secret for a network whose configuration has no secret. The inputs are uncontrolled (read once
 * on submit), so the secret is never copied into React state or a DOM attribute.
 */
export function CredentialsForm({ network, onSaved, onCancel }: { network: Network; onSaved?: () => void; onCancel?: () => void }) {
  const [ownKey, setOwnKey] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const ids = { key: useId(), secret: useId(), remember: useId(), problem: useId() }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const key = ownKey ? String(form.get('key') ?? '').trim() : network.key
    const secret = String(form.get('secret') ?? '')
    if (key === '') return setProblem('Enter the project key.')
    if (secret === '') return setProblem('Enter the project secret.')
    saveFilesCredentials(network.name, { key, secret }, { remember: form.get('remember') === 'on' })
    event.currentTarget.reset()
    onSaved?.()
  }

  return (
    <form onSubmit={submit} noValidate data-testid="credentials-form" className="space-y-4">
      <WithIconTile icon={<KeyIcon className="size-4.5" />} align="start">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Key and secret for the file store of {network.label}</h2>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
          The file store takes HTTP Basic authentication: the project key as user name and the project secret as password. The account needs a billing card on file, even a free
          one.
        </p>
      </WithIconTile>
      <label className="flex items-center gap-2.5 text-sm text-zinc-700 dark:text-zinc-300">
        <input type="checkbox" checked={!ownKey} onChange={(event) => setOwnKey(!event.target.checked)} className="size-4 accent-accent-600" />
        Use the project key of {network.label}
      </label>
      {ownKey && (
        <div>
          <label htmlFor={ids.key} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Project key
          </label>
          <input id={ids.key} name="key" autoComplete="username" spellCheck={false} className={`${inputClass} mt-1 font-mono`} data-testid="credentials-key" />
        </div>
      )}
      <div>
        <label htmlFor={ids.secret} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Project secret
        </label>
        <input
          id={ids.secret}
          name="secret"
          type="password"
          autoComplete="current-password"
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={() => setProblem(null)}
          className={`${inputClass} mt-1 font-mono`}
          data-testid="credentials-secret"
        />
      </div>
      <label htmlFor={ids.remember} className="flex items-start gap-2.5 text-sm text-zinc-700 dark:text-zinc-300">
        <input id={ids.remember} name="remember" type="checkbox" className="mt-0.5 size-4 accent-accent-600" data-testid="credentials-remember" />
        <span>
          Remember on this device
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">Otherwise the secret is kept for this tab only (sessionStorage) and forgotten when it closes.</span>
        </span>
      </label>
      {problem && (
        <p id={ids.problem} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" tone="primary" data-testid="credentials-save">
          Use these credentials
        </Button>
        {onCancel && (
          <Button tone="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">If the store refuses them, the likely causes are {refusedCredentialsCauses}.</p>
    </form>
  )
}
